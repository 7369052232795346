import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './session-token';

const key = randomBytes(32);
const claims = { jti: '2c1b7c8e-7d1e-4a57-9a0f-3f5f6a0d1b2c', sub: 'u1', kind: 'user' as const, iss: 'suite-portal', iat: 1_700_000_000, exp: 2_000_000_000 };

describe('session tokens', () => {
  it('are standard HS256 JWTs: an independent library verifies ours, and ours verifies its', async () => {
    const ours = signToken(key, claims);
    const { payload, protectedHeader } = await jwtVerify(ours, key, { issuer: 'suite-portal', algorithms: ['HS256'] });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ jti: claims.jti, sub: 'u1', kind: 'user' });
    const theirs = await new SignJWT({ kind: 'user' }).setProtectedHeader({ alg: 'HS256' }).setIssuer('suite-portal').setSubject('u1').setJti(claims.jti).setIssuedAt().setExpirationTime(2_000_000_000).sign(key);
    expect(verifyToken(key, theirs, 'suite-portal')).toMatchObject({ ok: true, claims: { jti: claims.jti, sub: 'u1' } });
  });

  it('refuses another key, a changed payload, another issuer, alg none, junk, and an expired token', () => {
    const token = signToken(key, claims);
    expect(verifyToken(randomBytes(32), token, 'suite-portal')).toEqual({ ok: false, problem: 'malformed' });
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    expect(verifyToken(key, `${header}.${forged}.${signature}`, 'suite-portal').ok).toBe(false);
    expect(verifyToken(key, token, 'someone-else')).toEqual({ ok: false, problem: 'malformed' });
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`;
    expect(verifyToken(key, none, 'suite-portal').ok).toBe(false);
    for (const junk of ['', 'a.b', 'a.b.c.d', '...']) expect(verifyToken(key, junk, 'suite-portal').ok).toBe(false);
    expect(verifyToken(key, signToken(key, { ...claims, exp: 1_000 }), 'suite-portal')).toEqual({ ok: false, problem: 'expired' });
  });
});
