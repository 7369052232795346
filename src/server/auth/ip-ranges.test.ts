import { describe, expect, it } from 'vitest';
import { addressAllowed, isCidr } from './ip-ranges';

describe('organization IP ranges', () => {
  it('allows any address when no range is set', () => {
    expect(addressAllowed('203.0.113.9', [])).toBe(true);
  });

  it('matches IPv4, IPv4-mapped IPv6 and IPv6 addresses against CIDR ranges', () => {
    expect(addressAllowed('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(addressAllowed('::ffff:10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(addressAllowed('11.1.2.3', ['10.0.0.0/8'])).toBe(false);
    expect(addressAllowed('2001:db8::1', ['2001:db8::/32', '10.0.0.0/8'])).toBe(true);
    expect(addressAllowed('2001:db9::1', ['2001:db8::/32'])).toBe(false);
  });

  it('refuses an unknown or unparsable address when ranges are set', () => {
    expect(addressAllowed(null, ['10.0.0.0/8'])).toBe(false);
    expect(addressAllowed('nonsense', ['10.0.0.0/8'])).toBe(false);
  });

  it('recognises CIDR text', () => {
    expect(isCidr('192.168.0.0/16')).toBe(true);
    expect(isCidr('192.168.0.0')).toBe(false);
    expect(isCidr('10.0.0.0/33')).toBe(false);
  });
});
