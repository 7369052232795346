import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookie-string';

describe('serializeCookie', () => {
  it('writes a 90-day Lax cookie for the whole site, with the shared domain and Secure on https', () => {
    expect(serializeCookie('ubs_email', 'a@b.co', { maxAgeSeconds: 90 * 86_400, domain: '.example.com', secure: true })).toBe(
      'ubs_email=a%40b.co; Max-Age=7776000; Path=/; SameSite=Lax; Domain=.example.com; Secure',
    );
  });

  it('leaves out Domain and Secure when there is no shared domain and the page is http', () => {
    expect(serializeCookie('ubs_token', 't', { maxAgeSeconds: 0, domain: null, secure: false })).toBe('ubs_token=t; Max-Age=0; Path=/; SameSite=Lax');
  });
});

describe('readCookie', () => {
  it('finds one cookie among several and decodes it', () => {
    expect(readCookie('a=1; previousURL=%2Finvite%2Fx; ubs_token=abc', 'previousURL')).toBe('/invite/x');
    expect(readCookie('a=1; ubs_token=abc', 'ubs_token')).toBe('abc');
  });

  it('returns null for a missing cookie and does not match on a name suffix', () => {
    expect(readCookie('xubs_token=abc', 'ubs_token')).toBeNull();
    expect(readCookie('', 'ubs_token')).toBeNull();
  });
});
