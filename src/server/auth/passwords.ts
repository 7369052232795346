import { randomBytes } from 'node:crypto';
import { runHash } from './hash-pool';

/**
 * argon2id with m=19 MiB, t=2, p=1 (OWASP's first recommended setting), on the hash pool's own threads (hash-pool.ts),
 * which refuses work it could not start within its wait budget (429, ServerBusy).
 */
// `algorithm: 2` is @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot import).
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return runHash<string>({ op: 'hash', password, options: ARGON2_OPTIONS });
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. With no hash (unknown account, or an employee without a password yet)
 * it still verifies against a throw-away hash, so every answer costs the same.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= runHash<string>({ op: 'hash', password: 'not-a-real-password', options: ARGON2_OPTIONS, uncounted: true }).catch((error: unknown) => {
      dummyHash = null;
      throw error;
    });
    await runHash<boolean>({ op: 'verify', hash: await dummyHash, password });
    return false;
  }
  return runHash<boolean>({ op: 'verify', hash, password });
}

let unusableHash: Promise<string> | null = null;

/**
 * The password hash of an account made without a password (a company sign-in's new person): a real argon2id hash of a
 * random password nobody was ever told, made once per process. A password sign-in of such an account costs what any
 * other does (no answer comes faster for it), and no password opens it until its owner chooses one.
 */
export function unusablePasswordHash(): Promise<string> {
  unusableHash ??= runHash<string>({ op: 'hash', password: randomBytes(32).toString('base64url'), options: ARGON2_OPTIONS, uncounted: true }).catch((error: unknown) => {
    unusableHash = null;
    throw error;
  });
  return unusableHash;
}
