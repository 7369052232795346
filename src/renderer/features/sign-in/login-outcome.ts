import type { LoginReply } from '../../../shared/protocol';
import { safeInternalPath } from '../../session/previous-url';

/** What a login reply means for the user (spec section 4, Login outcome). */
export type LoginOutcome =
  | { kind: 'second-factor'; to: '/multi-factor-authenticate' | '/setup-multi-factor' }
  | { kind: 'change-password'; token: string }
  | { kind: 'verify-email'; email: string | null }
  | { kind: 'signed-in'; token: string; to: string }
  | { kind: 'unexpected' };

/**
 * Decides the next step from a `login` or `msLogin` reply, in the spec's order: second factor, forced password
 * change, account verification, else signed in and on to the stored previous URL (only if it is a safe same-origin
 * path) or the workspace.
 */
export function loginOutcome(reply: LoginReply, previousUrl: string | null): LoginOutcome {
  if (reply.isCompanyMFA && !reply.token) {
    return { kind: 'second-factor', to: reply.isUserMFASetup ? '/multi-factor-authenticate' : '/setup-multi-factor' };
  }
  if (reply.aftrp && reply.token) return { kind: 'change-password', token: reply.token };
  if (reply.activateAccount) return { kind: 'verify-email', email: reply.email ?? null };
  if (reply.token) return { kind: 'signed-in', token: reply.token, to: safeInternalPath(previousUrl) ?? '/workspace' };
  return { kind: 'unexpected' };
}
