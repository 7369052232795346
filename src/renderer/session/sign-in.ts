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
  | { kind: 'onboarding'; token: string; employeeId: string };

/**
 * The one way the renderer signs in (logout.ts is the one way out). The token is kept first, awaited: the cookie on
 * the web, the keychain on the desktop (a keychain that cannot be reached raises the platform's notice and the
 * sign-in goes on for this run). Only then the store says signed in, and the caller's navigation `then` runs in the
 * same synchronous render, so no route guard sees the new state before the navigation and redirects in between.
 * Resolves with whether the token outlives the app (always on the web).
 */
export async function signIn(change: SignIn, then?: () => void): Promise<{ persistent: boolean }> {
  const saved =
    change.kind === 'onboarding'
      ? await saveOnboardingSignIn(change.token, change.employeeId)
      : await saveSignIn(change.token, change.kind === 'signed-in' ? change.reply.email : change.kind === 'password-changed' ? null : change.email);
  flushSync(() => {
    applySignIn(change);
    then?.();
  });
  return saved;
}

function applySignIn(change: SignIn): void {
  switch (change.kind) {
    case 'signed-in':
      return updateSession(signedIn, { token: change.token, reply: change.reply });
    case 'change-password':
      return updateSession(passwordChangeRequired, { token: change.token, email: change.email });
    case 'password-changed':
      return updateSession(passwordChanged, change.token);
    case 'portal-session':
      return updateSession(restored, { token: change.token, email: change.email });
    case 'onboarding':
      return;
  }
}
