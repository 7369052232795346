import { flushSync } from 'react-dom';
import type { LoginReply } from '../../shared/protocol';
import { saveOnboardingSignIn, saveSignIn } from './saved-session';
import { passwordChanged, passwordChangeRequired, restored, signedIn, updateSession } from './session-store';

/** What gave the connection its session, and so which state follows. */
export type SignIn =
  /** A sign-in that went all the way (a password, a second factor, a verified email, a passkey, Microsoft). */
  | { kind: 'signed-in'; token: string; reply: LoginReply }
  /** Signed in, but a forced password change comes first. */
  | { kind: 'change-password'; token: string; email: string | null }
  /** The forced (or chosen) password change gave a new token. */
  | { kind: 'password-changed'; token: string }
  /** A sign-in elsewhere (an app's /authorize) opened a portal session; `authenticate` fills in the rest. */
  | { kind: 'portal-session'; token: string; email: string | null }
  /**
   * An onboarding or preboarding employee: the page leaves for the boarding site, so the store is left alone (a
   * signed-in store would let the /{orgId}/… guard redirect first); the token and the id restore it on return.
   */
  | { kind: 'onboarding'; token: string; employeeId: string; orgId: string };

/**
 * The one way the renderer signs in (logout.ts is the one way out). The token is kept first, awaited: the cookie on
 * the web, the keychain on the desktop (a keychain that cannot be reached raises the platform's notice and the
 * sign-in goes on for this run). Only then the store says signed in, and the caller's navigation `then` runs in the
 * same synchronous render, so no route guard sees the new state before the navigation and redirects in between.
 * Resolves with whether the token outlives the app (always on the web).
 */
export async function signIn(change: SignIn, then?: () => void): Promise<{ persistent: boolean }> {
  const saved = await (change.kind === 'onboarding'
    ? saveOnboardingSignIn(change.token, { id: change.employeeId, orgId: change.orgId })
    : saveSignIn(change.token, 'reply' in change ? change.reply.email : 'email' in change ? change.email : null));
  flushSync(() => {
    // Each transition takes the change as it is (its `kind` aside).
    if (change.kind === 'signed-in') updateSession(signedIn, change);
    else if (change.kind === 'change-password') updateSession(passwordChangeRequired, change);
    else if (change.kind === 'password-changed') updateSession(passwordChanged, change.token);
    else if (change.kind === 'portal-session') updateSession(restored, change);
    then?.();
  });
  return saved;
}
