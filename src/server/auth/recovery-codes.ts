import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { NO_ACCOUNT } from '../accounts/queries';

// No 0/o, 1/l/i: the code is read off a screen and typed back.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code in the 'xxxx-xxxxx' shape: 9 characters of a 31-letter alphabet, about 44 bits. */
export function newRecoveryCode(): string {
  const pick = (length: number) => Array.from({ length }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${pick(4)}-${pick(5)}`;
}

/** The stored form of a recovery code: sha256 of its lower-case form (codes are random, so no slow hash is needed). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}

/** Constant-time check of a recovery code against a stored hash. */
export function recoveryCodeMatches(code: string, storedHash: string | null): boolean {
  const given = Buffer.from(hashRecoveryCode(code), 'hex');
  const stored = Buffer.from(storedHash ?? '0'.repeat(64), 'hex');
  return stored.length === given.length && timingSafeEqual(given, stored) && storedHash !== null;
}

/**
 * Spends an account's recovery code: one conditional update that checks it and replaces it with a fresh one, so two
 * requests racing with one code cannot both spend it. Returns the fresh code, or null when the code is not the
 * account's (or the account is null: the same statement runs, and matches nothing). `tx` lets the caller spend it
 * together with what the code buys.
 */
export async function spendRecoveryCode(tx: Db, userId: string | null, code: string): Promise<string | null> {
  const fresh = newRecoveryCode();
  const spent = await tx
    .update(users)
    .set({ mfaRecoveryHash: hashRecoveryCode(fresh), updatedAt: new Date() })
    .where(and(eq(users.id, userId ?? NO_ACCOUNT), eq(users.mfaRecoveryHash, hashRecoveryCode(code))))
    .returning({ id: users.id });
  return spent.length === 1 ? fresh : null;
}

/**
 * Replaces the recovery code of an account whose authenticator app is set up (the code belongs to it) with a fresh
 * one; the old code stops working at once. Null when there is no authenticator app to recover.
 */
export async function regenerateRecoveryCode(db: Db, userId: string): Promise<string | null> {
  const fresh = newRecoveryCode();
  const replaced = await db
    .update(users)
    .set({ mfaRecoveryHash: hashRecoveryCode(fresh), updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.mfaAuthenticatorApp, true), isNotNull(users.mfaSecret)))
    .returning({ id: users.id });
  return replaced.length === 1 ? fresh : null;
}
