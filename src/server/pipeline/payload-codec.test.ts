import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPayloadCodec } from './payload-codec';

describe('payload codec (spec 7: payloads may be encrypted strings)', () => {
  const codec = createPayloadCodec(randomBytes(32));

  it('opens what it sealed for the same event', () => {
    const sealed = codec.seal({ identifier: 'ada@acme.test', password: 'Admin@12345' }, 'login');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('ada');
    expect(codec.open(sealed, 'login')).toEqual({ identifier: 'ada@acme.test', password: 'Admin@12345' });
  });

  it('returns false, as the spec helper does, for another event, a tampered text, another key, or junk', () => {
    const sealed = codec.seal({ email: 'ada@acme.test' }, 'forgotPassword');
    expect(codec.open(sealed, 'resendOTP')).toBe(false);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(codec.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'forgotPassword')).toBe(false);
    expect(createPayloadCodec(randomBytes(32)).open(sealed, 'forgotPassword')).toBe(false);
    for (const junk of ['', 'v1', 'v1...', 'v2.a.b.c', 'not encrypted at all']) expect(codec.open(junk, 'login')).toBe(false);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createPayloadCodec(randomBytes(16))).toThrow(/32 bytes/);
  });
});
