import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { sha256 } from '../auth/one-time-codes';
import type { Db } from '../db/client';
import { dbNow, microsoftSignIns } from '../db/schema';

/** How long a started Microsoft sign-in may take, from the popup opening to msLogin (seconds). */
export const MICROSOFT_SIGN_IN_SECONDS = 10 * 60;

/** What one started sign-in keeps for its end. */
export interface SignInAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/**
 * Starts a sign-in: fresh state, nonce and PKCE verifier (openid-client's generators), kept under the sha256 of the
 * state and bound to the sha256 of the opener's `binding`. Rows expired for an hour are swept on the way.
 */
export async function beginAttempt(db: Db, binding: string, redirectUri: string): Promise<SignInAttempt> {
  const attempt: SignInAttempt = {
    // 32 random bytes, URL-safe: the pattern msLogin's schema accepts.
    state: randomBytes(32).toString('base64url'),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    redirectUri,
  };
  await db.delete(microsoftSignIns).where(lt(microsoftSignIns.expiresAt, sql`now() - interval '1 hour'`));
  await db.insert(microsoftSignIns).values({
    stateHash: sha256(attempt.state),
    bindingHash: sha256(binding),
    codeVerifier: attempt.codeVerifier,
    nonce: attempt.nonce,
    redirectUri,
    expiresAt: sql`now() + make_interval(secs => ${MICROSOFT_SIGN_IN_SECONDS})`,
  });
  return attempt;
}

/**
 * Finishes a sign-in: one conditional update marks it used, so of a hundred msLogin calls with one state exactly one
 * gets it. Null for an unknown, expired or used state, or a binding other than the opener's (which leaves the
 * attempt to its owner).
 */
export async function takeAttempt(db: Db, state: string, binding: string): Promise<SignInAttempt | null> {
  const [row] = await db
    .update(microsoftSignIns)
    .set({ usedAt: dbNow })
    .where(
      and(
        eq(microsoftSignIns.stateHash, sha256(state)),
        eq(microsoftSignIns.bindingHash, sha256(binding)),
        isNull(microsoftSignIns.usedAt),
        gt(microsoftSignIns.expiresAt, dbNow),
      ),
    )
    .returning({ nonce: microsoftSignIns.nonce, codeVerifier: microsoftSignIns.codeVerifier, redirectUri: microsoftSignIns.redirectUri });
  return row ? { state, ...row } : null;
}
