import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, timeStep } from './totp';

// RFC 6238 appendix B: the SHA1 seed is the ASCII string "12345678901234567890"; 8-digit codes.
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('totp', () => {
  it('matches the RFC 6238 SHA1 test vectors', () => {
    for (const [seconds, expected] of RFC_VECTORS) expect(hotp(RFC_SEED, Math.floor(seconds / 30), 8)).toBe(expected);
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(RFC_SEED, counter))).toEqual(expected);
  });

  it('round-trips base32 and rejects characters outside the alphabet', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret)!)).toBe(secret);
    expect(base32Decode('ABC1')).toBeNull();
  });

  it('agrees with an independent library, accepts one step of drift either side, and refuses replays', () => {
    const secret = newTotpSecret();
    const reference = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const now = 1_700_000_015_000;
    const step = timeStep(now);
    expect(matchTotp(secret, reference.generate({ timestamp: now }), now, null)).toBe(step);
    expect(matchTotp(secret, reference.generate({ timestamp: now - 30_000 }), now, null)).toBe(step - 1);
    expect(matchTotp(secret, reference.generate({ timestamp: now + 30_000 }), now, null)).toBe(step + 1);
    expect(matchTotp(secret, reference.generate({ timestamp: now - 60_000 }), now, null)).toBeNull();
    expect(matchTotp(secret, reference.generate({ timestamp: now + 60_000 }), now, null)).toBeNull();
    // Once step was accepted, its code and older ones are refused.
    expect(matchTotp(secret, reference.generate({ timestamp: now }), now, step)).toBeNull();
    expect(matchTotp(secret, reference.generate({ timestamp: now - 30_000 }), now, step)).toBeNull();
    expect(matchTotp(secret, reference.generate({ timestamp: now + 30_000 }), now, step)).toBe(step + 1);
  });

  it('builds the otpauth URI an authenticator app parses', () => {
    const secret = newTotpSecret();
    const uri = otpauthUri('ada@acme.test', secret);
    expect(uri).toBe(`otpauth://totp/Suite%20Portal:ada%40acme.test?secret=${secret}&issuer=Suite%20Portal&algorithm=SHA1&digits=6&period=30`);
    const parsed = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
    expect(parsed.secret.base32).toBe(secret);
    expect(parsed.issuer).toBe('Suite Portal');
  });
});
