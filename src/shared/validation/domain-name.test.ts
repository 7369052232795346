import { describe, expect, it } from 'vitest';
import { DomainNameSchema, normalizeDomain } from './domain-name';

describe('normalizeDomain', () => {
  it('lower-cases, drops the trailing dot and turns an internationalized name into punycode', () => {
    expect(normalizeDomain('  Acme.COM. ')).toBe('acme.com');
    expect(normalizeDomain('eu.Acme.co.uk')).toBe('eu.acme.co.uk');
    expect(normalizeDomain('bücher.example')).toBe('xn--bcher-kva.example');
    expect(normalizeDomain('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
  });

  it('refuses what is not a plain host name of two labels or more', () => {
    for (const bad of ['localhost', 'com', '10.0.0.1', '0x7f.1', '127.1', '*.acme.com', 'acme.com:443', 'https://acme.com', 'acme.com/x', 'a@acme.com', 'acme..com', '-acme.com', 'acme_x.com', `${'a'.repeat(64)}.com`, `${'a.'.repeat(127)}com`, '[::1]', '']) {
      expect(normalizeDomain(bad), bad).toBeNull();
    }
  });

  it('gives the field a message that says what a domain looks like', () => {
    const parsed = DomainNameSchema.safeParse('https://acme.com');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/^Enter a domain name such as example\.com/);
    expect(DomainNameSchema.safeParse('   ').error?.issues[0]?.message).toBe('Required*');
  });
});
