import { createHash, timingSafeEqual } from 'node:crypto';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { findUserById, type UserRow } from '../accounts/queries';
import type { Services } from '../services';
import { passkeyFactor, type FirstFactor } from './first-factor';

/**
 * A desktop app's passkey sign-in runs in the system browser (RFC 8252: embedded views cannot always reach the
 * platform's authenticators). The browser page, on the portal's own origin, checks the passkey and gets a code bound to
 * the app's PKCE challenge (RFC 7636, S256); it hands the code to the app's loopback listener, and the app redeems it
 * with the verifier over its own connection. The code stands for the passkey as a first factor, nothing more: the
 * account then goes through the required steps like every other way in, on the app's connection (its trusted device,
 * its session).
 */

/** Time for the browser to reach the app's loopback listener and for the app to redeem the code. */
export const DESKTOP_PASSKEY_CODE_SECONDS = 120;

/** Forged, expired, used, redeemed with the wrong verifier or for an account that is gone: one sentence for each. */
export const DESKTOP_PASSKEY_CODE_REFUSED = 'This passkey sign-in has expired or was already used. Please sign in again.';

/** RFC 7636 S256: base64url(sha256(verifier)). */
export const pkceChallengeOf = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** The code the browser page hands to the app, for the account whose passkey answered there. */
export function issueDesktopPasskeyCode(services: Pick<Services, 'sessions'>, user: UserRow, userVerified: boolean, codeChallenge: string): string {
  return services.sessions.issueDesktopCode(user.id, { userVerified, codeChallenge }, DESKTOP_PASSKEY_CODE_SECONDS);
}

/**
 * The first factor a desktop passkey code stands for. The code is claimed before the verifier is compared, so a wrong
 * verifier spends it too (a code whose verifier is being guessed is worth nothing afterwards), and of a hundred
 * redemptions racing, exactly one gets the account.
 */
export async function redeemDesktopPasskeyCode(services: Pick<Services, 'db' | 'sessions' | 'limiter'>, code: string, codeVerifier: string): Promise<FirstFactor> {
  const facts = services.sessions.readDesktopCode(code);
  if (!facts || !(await services.limiter.claimOnce(`desktop-passkey:${facts.codeId}`, DESKTOP_PASSKEY_CODE_SECONDS))) throw refused();
  const expected = Buffer.from(facts.codeChallenge);
  const given = Buffer.from(pkceChallengeOf(codeVerifier));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  const user = await findUserById(services.db, facts.userId);
  if (!user) throw refused();
  return passkeyFactor(user, facts.userVerified);
}

/** 403 like a refused passkey: a 401 would read as "your session ended" to a client, which signs out on it. */
const refused = () => new CallError(ERROR_CODES.FORBIDDEN, DESKTOP_PASSKEY_CODE_REFUSED);
