import { describe, expect, it } from 'vitest';
import { deviceTokenOfCookie } from './trusted-devices';

const TOKEN = 'a'.repeat(21) + '-_' + 'B'.repeat(20);

describe('deviceTokenOfCookie', () => {
  it('finds the portal_device cookie among others', () => {
    expect(deviceTokenOfCookie(`theme=dark; portal_device=${TOKEN}; other=1`)).toBe(TOKEN);
    expect(deviceTokenOfCookie(`portal_device=${TOKEN}`)).toBe(TOKEN);
  });
  it('ignores a missing header, another name, or a value that is not a token', () => {
    expect(deviceTokenOfCookie(undefined)).toBeNull();
    expect(deviceTokenOfCookie('')).toBeNull();
    expect(deviceTokenOfCookie(`xportal_device=${TOKEN}`)).toBeNull();
    expect(deviceTokenOfCookie('portal_device=short')).toBeNull();
    expect(deviceTokenOfCookie(`portal_device=${TOKEN}x`)).toBeNull();
    expect(deviceTokenOfCookie(`portal_device=${TOKEN.slice(1)}%`)).toBeNull();
  });
});
