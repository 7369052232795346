import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { sha256 } from '../auth/one-time-codes';
import type { Db } from '../db/client';
import { dbNow, ssoSignIns } from '../db/schema';
import { SsoIdentitySchema, type SsoIdentity } from './identity';

/** From the start of a sign-in to the provider's answer (seconds). */
export const SSO_SIGN_IN_SECONDS = 10 * 60;
/** From the provider's answer to the portal page redeeming it. */
export const SSO_HANDOFF_SECONDS = 2 * 60;

/** 32 random bytes, URL-safe: a state, a binding or a hand-off. */
export const randomValue = () => randomBytes(32).toString('base64url');

export type SsoPurpose = 'sign-in' | 'test';

/** What one started sign-in keeps for the provider's answer. */
export interface SsoAttempt {
  id: string;
  connectionId: string;
  purpose: SsoPurpose;
  state: string;
  nonce: string | null;
  codeVerifier: string | null;
  requestId: string | null;
  /** A desktop app's loopback listener, where the browser takes the hand-off instead of the portal's page. */
  returnTo: string | null;
}

/** The binding of a desktop app's sign-in: its PKCE challenge (RFC 7636 S256), proven at redemption by the verifier. */
export const pkceBinding = (codeChallenge: string) => `pkce:${codeChallenge}`;
/** The binding a verifier proves: the same string `pkceBinding` made from its challenge. */
export const verifierBinding = (codeVerifier: string) => pkceBinding(createHash('sha256').update(codeVerifier).digest('base64url'));

/**
 * Starts a sign-in through a connection: a fresh state (and, for OpenID, nonce and PKCE verifier), bound to the sha256
 * of `binding` (the starting browser's `portal_sso` cookie, or `admin:{userId}` for a console test). Rows an hour past
 * expiry are swept on the way.
 */
export async function beginSsoAttempt(
  db: Db,
  input: { connectionId: string; purpose: SsoPurpose; binding: string; kind: 'oidc' | 'saml'; requestId?: string; returnTo?: string },
): Promise<SsoAttempt> {
  const state = randomValue();
  const oidc = input.kind === 'oidc';
  const attempt = {
    connectionId: input.connectionId,
    purpose: input.purpose,
    state,
    nonce: oidc ? client.randomNonce() : null,
    codeVerifier: oidc ? client.randomPKCECodeVerifier() : null,
    requestId: input.requestId ?? null,
    returnTo: input.returnTo ?? null,
  };
  await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, sql`now() - interval '1 hour'`));
  const [row] = await db
    .insert(ssoSignIns)
    .values({
      connectionId: attempt.connectionId,
      purpose: attempt.purpose,
      stateHash: sha256(state),
      bindingHash: sha256(input.binding),
      nonce: attempt.nonce,
      codeVerifier: attempt.codeVerifier,
      requestId: attempt.requestId,
      returnTo: attempt.returnTo,
      expiresAt: sql`now() + make_interval(secs => ${SSO_SIGN_IN_SECONDS})`,
    })
    .returning({ id: ssoSignIns.id });
  return { id: row!.id, ...attempt };
}

/** Sets the SAML request id of an attempt started before its AuthnRequest was built. */
export async function setRequestId(db: Db, attemptId: string, requestId: string): Promise<void> {
  await db.update(ssoSignIns).set({ requestId }).where(eq(ssoSignIns.id, attemptId));
}

/**
 * The attempt a provider's answer names by its state, taken once (a conditional update marks it returned): null for an
 * unknown, expired or answered state. The answer is then checked against what it returns.
 */
export async function takeReturningAttempt(db: Db, state: string): Promise<SsoAttempt | null> {
  const [row] = await db
    .update(ssoSignIns)
    .set({ returnedAt: dbNow })
    .where(and(eq(ssoSignIns.stateHash, sha256(state)), isNull(ssoSignIns.returnedAt), gt(ssoSignIns.expiresAt, dbNow)))
    .returning();
  return row
    ? { id: row.id, connectionId: row.connectionId, purpose: row.purpose, state, nonce: row.nonce, codeVerifier: row.codeVerifier, requestId: row.requestId, returnTo: row.returnTo }
    : null;
}

/**
 * Keeps the identity of a good answer with a fresh single-use hand-off, valid for two minutes. `bindingHash` is given
 * for an IdP-initiated SAML sign-in, which has no attempt of its own: a row is made for it here.
 */
export async function keepIdentity(db: Db, attemptId: string, identity: SsoIdentity): Promise<string> {
  const handoff = randomValue();
  await db
    .update(ssoSignIns)
    .set({ identity, handoffHash: sha256(handoff), expiresAt: sql`now() + make_interval(secs => ${SSO_HANDOFF_SECONDS})` })
    .where(eq(ssoSignIns.id, attemptId));
  return handoff;
}

/** An IdP-initiated SAML sign-in: a returned attempt made at once, bound to a fresh binding the ACS sets as the cookie. */
export async function beginUnsolicited(db: Db, connectionId: string, binding: string): Promise<string> {
  const [row] = await db
    .insert(ssoSignIns)
    .values({ connectionId, purpose: 'sign-in', stateHash: sha256(randomValue()), bindingHash: sha256(binding), returnedAt: dbNow, expiresAt: sql`now() + make_interval(secs => ${SSO_HANDOFF_SECONDS})` })
    .returning({ id: ssoSignIns.id });
  return row!.id;
}

/**
 * Redeems a hand-off, once: of a hundred calls with one hand-off exactly one gets the identity, and only the browser
 * (or admin) that started the sign-in. Null otherwise.
 */
export async function redeemHandoff(db: Db, handoff: string, binding: string, purpose: SsoPurpose): Promise<{ connectionId: string; identity: SsoIdentity } | null> {
  const [row] = await db
    .update(ssoSignIns)
    .set({ usedAt: dbNow })
    .where(
      and(
        eq(ssoSignIns.handoffHash, sha256(handoff)),
        eq(ssoSignIns.bindingHash, sha256(binding)),
        eq(ssoSignIns.purpose, purpose),
        isNull(ssoSignIns.usedAt),
        gt(ssoSignIns.expiresAt, dbNow),
      ),
    )
    .returning({ connectionId: ssoSignIns.connectionId, identity: ssoSignIns.identity });
  const identity = SsoIdentitySchema.safeParse(row?.identity);
  return row && identity.success ? { connectionId: row.connectionId, identity: identity.data } : null;
}
