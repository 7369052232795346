import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, otpauthUri, timeStep } from './totp';

// RFC 6238 appendix B: the SHA1 seed is the ASCII string "12345678901234567890", with 8-digit codes. HOTP's dynamic
// truncation takes the value modulo 10^digits, so the 6-digit code of a step is the last 6 digits of the 8-digit one.
const RFC_SEED_BASE32 = OTPAuth.Secret.fromLatin1('12345678901234567890').base32;
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('totp', () => {
  it('accepts the RFC 6238 SHA1 test vectors at their times, each at its own step', () => {
    for (const [seconds, expected] of RFC_VECTORS) {
      expect(matchTotp(RFC_SEED_BASE32, expected.slice(-6), seconds * 1000, null), `T=${seconds}`).toBe(timeStep(seconds * 1000));
    }
  });

  it('refuses an RFC vector far from its time, a malformed code and a malformed secret', () => {
    expect(matchTotp(RFC_SEED_BASE32, '287082', 1111111109 * 1000, null)).toBeNull();
    expect(matchTotp(RFC_SEED_BASE32, '28708', 59_000, null)).toBeNull();
    expect(matchTotp('not base32 !', '287082', 59_000, null)).toBeNull();
  });

  it('makes 160-bit base32 secrets', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('agrees with codes generated independently, accepts one step of drift either side, and refuses replays', () => {
    const secret = newTotpSecret();
    const reference = new OTPAuth.HOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, algorithm: 'SHA1' });
    const now = 1_700_000_015_000;
    const step = timeStep(now);
    const codeAt = (counter: number) => reference.generate({ counter });
    expect(matchTotp(secret, codeAt(step), now, null)).toBe(step);
    expect(matchTotp(secret, codeAt(step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(step - 2), now, null)).toBeNull();
    expect(matchTotp(secret, codeAt(step + 2), now, null)).toBeNull();
    // Once a step was accepted, its code and older ones are refused.
    expect(matchTotp(secret, codeAt(step), now, step)).toBeNull();
    expect(matchTotp(secret, codeAt(step - 1), now, step)).toBeNull();
    expect(matchTotp(secret, codeAt(step + 1), now, step)).toBe(step + 1);
  });

  it('builds the otpauth URI an authenticator app parses', () => {
    const secret = newTotpSecret();
    const parsed = OTPAuth.URI.parse(otpauthUri('ada@acme.test', secret)) as OTPAuth.TOTP;
    expect(parsed).toBeInstanceOf(OTPAuth.TOTP);
    expect(parsed.secret.base32).toBe(secret);
    expect(parsed.issuer).toBe('Suite Portal');
    expect(parsed.label).toBe('ada@acme.test');
    expect([parsed.algorithm, parsed.digits, parsed.period]).toEqual(['SHA1', 6, 30]);
  });
});
