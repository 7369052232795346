import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Session tokens: compact JWTs (RFC 7519) signed with HS256, checked with node:crypto's synchronous HMAC. A session
 * check then never waits in libuv's thread pool behind password hashes (WebCrypto's HMAC, which jose uses, runs
 * there), and costs a few microseconds on the event loop.
 */
export interface TokenClaims {
  /** The session row's id. */
  jti: string;
  /** The account, or the onboarding employee. */
  sub: string;
  kind: 'user' | 'onboarding';
  iss: string;
  iat: number;
  /** Seconds since the epoch. */
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** The key as a KeyObject, made once per key: createHmac then skips importing raw bytes on every call. */
const keyObjects = new WeakMap<Uint8Array, KeyObject>();
const keyObject = (key: Uint8Array) => {
  let made = keyObjects.get(key);
  if (!made) {
    made = createSecretKey(key);
    keyObjects.set(key, made);
  }
  return made;
};

const mac = (key: Uint8Array, input: string) => createHmac('sha256', keyObject(key)).update(input).digest();

export function signToken(key: Uint8Array, claims: TokenClaims): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${mac(key, body).toString('base64url')}`;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; problem: 'malformed' | 'expired' };

/** Checks the signature (constant time), the algorithm, the issuer and the expiry; never throws. */
export function verifyToken(key: Uint8Array, token: string, issuer: string, nowSeconds = Date.now() / 1000): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, problem: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  const expected = mac(key, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, problem: 'malformed' };
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenClaims>;
    if (head.alg !== 'HS256' || claims.iss !== issuer || typeof claims.jti !== 'string' || typeof claims.sub !== 'string') return { ok: false, problem: 'malformed' };
    if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return { ok: false, problem: 'expired' };
    return { ok: true, claims: claims as TokenClaims };
  } catch {
    return { ok: false, problem: 'malformed' };
  }
}
