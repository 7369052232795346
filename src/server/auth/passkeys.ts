import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { findUserById, type UserRow } from '../accounts/queries';
import type { Db } from '../db/client';
import { dbNow, passkeys, webauthnChallenges, type WebAuthnPurpose } from '../db/schema';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server: registration, the options of an authentication, and its
 * verification. Every ceremony starts with a challenge of ours (`webauthn_challenges`), usable once (a conditional
 * update), for five minutes, by what asked for it (its binding) and for its purpose. Transport-agnostic: the socket
 * events (`handlers/passkeys.ts`) and the sign-in flow call these.
 */

/** @simplewebauthn/server, loaded with the first ceremony: it takes about half a second to load, which start-up need not pay. */
const webauthn = () => import('@simplewebauthn/server');

/** How long a challenge may be answered (seconds). */
export const CHALLENGE_SECONDS = 5 * 60;

/** The most passkeys one account may hold. */
export const MAX_PASSKEYS = 20;

/** The relying party: the portal's own host (PUBLIC_URL), which a passkey is bound to. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/** The relying party of a portal served at `publicUrl`: its host name is the RP ID, its origin the one ceremonies must come from. */
export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: 'Suite Portal', origin: url.origin };
}

/**
 * Who may answer a challenge: the session that asked (registration), or one sign-in attempt (`'attempt'` where the
 * challenge is the attempt: a first-factor sign-in, where nobody is known before the answer).
 */
export type ChallengeBinding = { sessionId: string } | { attemptId: string };

const bindingKey = (binding: ChallengeBinding) => ('sessionId' in binding ? `session:${binding.sessionId}` : `attempt:${binding.attemptId}`);

export type PasskeyRow = typeof passkeys.$inferSelect;

/** A ceremony's options and the id of the challenge they carry. */
export interface Ceremony<O> {
  challengeId: string;
  options: O;
}

/** The user handle a passkey stores: the account id's 16 bytes (never the email, which may change). */
const userHandle = (userId: string) => Buffer.from(userId.replaceAll('-', ''), 'hex');

/**
 * Keeps a challenge for its answer. `'attempt'`: a sign-in before anyone is known, whose attempt is the challenge
 * itself (its id, which only the caller that asked was given).
 */
async function issueChallenge(db: Db, purpose: WebAuthnPurpose, userId: string | null, binding: ChallengeBinding | 'attempt', challenge: string): Promise<string> {
  const id = randomUUID();
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now() - interval '1 hour'`));
  await db.insert(webauthnChallenges).values({
    id,
    challenge,
    purpose,
    userId,
    binding: bindingKey(binding === 'attempt' ? { attemptId: id } : binding),
    expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
  });
  return id;
}

/**
 * Takes a challenge: one conditional update marks it used, so of a hundred answers to one challenge exactly one is
 * checked. Null when it is unknown, expired, used, of another purpose or bound to another caller.
 */
async function takeChallenge(db: Db, challengeId: string, purpose: WebAuthnPurpose, binding: ChallengeBinding): Promise<{ challenge: string; userId: string | null } | null> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: dbNow })
    .where(
      and(
        eq(webauthnChallenges.id, challengeId),
        eq(webauthnChallenges.purpose, purpose),
        eq(webauthnChallenges.binding, bindingKey(binding)),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, dbNow),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge, userId: webauthnChallenges.userId });
  return row ?? null;
}

const transportsOf = (row: { transports: string[] }) => row.transports as AuthenticatorTransport[];

/** The user's passkeys, newest first. */
export function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
}

/**
 * Options to register a new passkey for `user`: a discoverable credential (so the sign-in field's autofill can offer
 * it), user verification preferred, the user's passkeys excluded (an authenticator holding one says so at once).
 */
export async function registrationOptions(db: Db, rp: RelyingParty, user: UserRow, binding: ChallengeBinding): Promise<Ceremony<PublicKeyCredentialCreationOptionsJSON>> {
  const existing = await listPasskeys(db, user.id);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: userHandle(user.id),
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    timeout: CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { challengeId: await issueChallenge(db, 'register', user.id, binding, options.challenge), options };
}

const EXPIRED = 'This passkey request has expired or was already answered. Start again.';
const NOT_VERIFIED = 'Your browser’s answer could not be verified. Try adding the passkey again.';
const ALREADY_REGISTERED = 'This passkey is already registered.';
const TOO_MANY = `You have ${MAX_PASSKEYS} passkeys, the most an account may hold. Remove one first.`;

/**
 * Verifies a new credential against the challenge the session took (spent first, so one answer is checked once)
 * and keeps it for `user` under `name`. 409 for a used or expired challenge and for a credential already
 * registered; 400 for an answer that does not verify.
 */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  user: UserRow,
  binding: ChallengeBinding,
  input: { challengeId: string; name: string; response: RegistrationResponseJSON },
): Promise<PasskeyRow> {
  const taken = await takeChallenge(db, input.challengeId, 'register', binding);
  if (!taken || taken.userId !== user.id) throw new CallError(ERROR_CODES.CONFLICT, EXPIRED);
  const { verifyRegistrationResponse } = await webauthn();
  let info;
  try {
    const verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    info = verified.verified ? verified.registrationInfo : null;
  } catch {
    info = null;
  }
  if (!info) throw new CallError(ERROR_CODES.BAD_REQUEST, NOT_VERIFIED);
  const [held] = await db.select({ count: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
  if ((held?.count ?? 0) >= MAX_PASSKEYS) throw new CallError(ERROR_CODES.CONFLICT, TOO_MANY);
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: input.response.response.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: input.name,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw new CallError(ERROR_CODES.CONFLICT, ALREADY_REGISTERED);
  return row;
}

/** Renames one of the user's own passkeys; null when it is not theirs (or gone). */
export async function renamePasskey(db: Db, userId: string, passkeyId: string, name: string): Promise<PasskeyRow | null> {
  const [row] = await db.update(passkeys).set({ name }).where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId))).returning();
  return row ?? null;
}

/** Removes one of the user's own passkeys; null when it is not theirs (or already gone). */
export async function removePasskey(db: Db, userId: string, passkeyId: string): Promise<PasskeyRow | null> {
  const [row] = await db.delete(passkeys).where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId))).returning();
  return row ?? null;
}

/** Whether the account holds a passkey (the second-factor screen offers it beside the code). */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

/**
 * Options of an authentication. For a first factor (`sign-in`) no credential is named: the browser offers the
 * passkeys it holds for the portal (the sign-in field's autofill, or its own dialog), user verification preferred.
 * For a second factor the account is known: its own credentials, user verification discouraged (the password came
 * first).
 */
export async function authenticationOptions(
  db: Db,
  rp: RelyingParty,
  request: { purpose: 'sign-in' } | { purpose: 'second-factor'; userId: string; binding: ChallengeBinding | 'attempt' },
): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
  const allowCredentials =
    request.purpose === 'second-factor' ? (await listPasskeys(db, request.userId)).map((row) => ({ id: row.credentialId, transports: transportsOf(row) })) : undefined;
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials,
    timeout: CHALLENGE_SECONDS * 1000,
    userVerification: request.purpose === 'second-factor' ? 'discouraged' : 'preferred',
  });
  const challengeId =
    request.purpose === 'second-factor'
      ? await issueChallenge(db, 'second-factor', request.userId, request.binding, options.challenge)
      : await issueChallenge(db, 'sign-in', null, 'attempt', options.challenge);
  return { challengeId, options };
}

/** Why an assertion was refused: for logs and the audit only, the caller is told one sentence whatever the reason. */
export type AssertionRefusal = 'challenge' | 'unknown-credential' | 'signature' | 'counter';

export type AssertionResult =
  | { ok: true; user: UserRow; passkey: PasskeyRow; userVerified: boolean }
  | { ok: false; reason: AssertionRefusal; userId: string | null };

/**
 * Verifies an assertion: takes the challenge (once), finds the credential by its id (for a second factor, among the
 * challenge's account's own; for a first factor, also matching the user handle the authenticator returned), checks
 * the signature, and stores the new signature counter, backup flag and last use with a conditional update: a counter
 * that does not move forward (a cloned authenticator, or a replay racing the original) is refused.
 */
export async function verifyAssertion(
  db: Db,
  rp: RelyingParty,
  input: { challengeId: string; purpose: 'sign-in' | 'second-factor'; binding: ChallengeBinding | 'attempt'; response: AuthenticationResponseJSON },
): Promise<AssertionResult> {
  const binding = input.binding === 'attempt' ? { attemptId: input.challengeId } : input.binding;
  const taken = await takeChallenge(db, input.challengeId, input.purpose, binding);
  if (!taken) return { ok: false, reason: 'challenge', userId: null };
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, input.response.id));
  const handle = input.response.response.userHandle;
  if (
    !passkey ||
    (taken.userId !== null && passkey.userId !== taken.userId) ||
    (handle !== undefined && handle !== userHandle(passkey.userId).toString('base64url'))
  ) {
    return { ok: false, reason: 'unknown-credential', userId: taken.userId };
  }
  const { verifyAuthenticationResponse } = await webauthn();
  let info;
  try {
    const verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: passkey.counter, transports: transportsOf(passkey) },
      requireUserVerification: false,
    });
    info = verified.verified ? verified.authenticationInfo : null;
  } catch (error) {
    // The library refuses a counter that does not move forward before it says anything else about the answer.
    const counter = error instanceof Error && /counter/i.test(error.message);
    return { ok: false, reason: counter ? 'counter' : 'signature', userId: passkey.userId };
  }
  if (!info) return { ok: false, reason: 'signature', userId: passkey.userId };
  const [stored] = await db
    .update(passkeys)
    .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, deviceType: info.credentialDeviceType, lastUsedAt: dbNow })
    .where(and(eq(passkeys.id, passkey.id), info.newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, info.newCounter)))
    .returning();
  if (!stored) return { ok: false, reason: 'counter', userId: passkey.userId };
  const user = await findUserById(db, passkey.userId);
  if (!user) return { ok: false, reason: 'unknown-credential', userId: null };
  return { ok: true, user, passkey: stored, userVerified: info.userVerified };
}
