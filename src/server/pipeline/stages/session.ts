import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { TokenError, type SessionService } from '../../auth/sessions';
import type { Anonymous, BaseContext, SignedIn } from '../context';
import type { Stage } from '../stage';

export const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';
const PLEASE_SIGN_IN = 'Please sign in.';
const ANONYMOUS: Anonymous = { session: null, user: null };

/**
 * The one door of sessions: resolves the token once (the connection's, or the payload's `token` for events that
 * declare `token: 'payload'`) into the session and its account, and adds both to the context. A token that is
 * forged, expired or revoked (by logout, a password change or a reset, on any connection or instance) answers 401,
 * which tells the client to sign out. Onboarding sessions never pass as a regular account's. Adds no session for
 * `maybeUser` without a token, and for `userOrLogin` with held login details (the held-login stage proves those).
 */
export function sessionStage(sessions: SessionService): Stage<BaseContext, SignedIn | Anonymous> {
  return async (call, _ctx, next) => {
    const { entry, caller } = call;
    const fromPayload = entry.token === 'payload' ? (call.payload as { token?: string } | undefined)?.token : undefined;
    const token = entry.token === 'payload' ? (fromPayload ?? null) : caller.token();
    const held = call.payload as { identifier?: string; password?: string; ticket?: string } | undefined;

    if (entry.auth === 'userOrLogin' && ((held?.identifier !== undefined && held.password !== undefined) || held?.ticket !== undefined)) {
      // The held-login stage proves the account with the password (or a sign-in ticket) instead.
      return next(ANONYMOUS);
    }
    if (token === null) {
      if (entry.auth === 'maybeUser') return next(ANONYMOUS);
      throw new CallError(ERROR_CODES.UNAUTHENTICATED, PLEASE_SIGN_IN);
    }
    let resolved: Awaited<ReturnType<SessionService['resolve']>>;
    try {
      resolved = await sessions.resolve(token, { ip: caller.ip });
    } catch (error) {
      if (error instanceof TokenError) throw new CallError(ERROR_CODES.UNAUTHENTICATED, SIGN_IN_AGAIN);
      throw error;
    }
    // The connection says whose token it carries (its handshake's account-type flag): a session of the other kind is
    // not this connection's, whichever way the token came.
    const flagged = caller.accountType?.() ?? null;
    if (flagged !== null && flagged !== resolved.kind) throw new CallError(ERROR_CODES.UNAUTHENTICATED, SIGN_IN_AGAIN);
    if (resolved.kind !== 'user' || !resolved.user) throw new CallError(ERROR_CODES.UNAUTHENTICATED, SIGN_IN_AGAIN);
    const { user, ...session } = resolved;
    // `authenticate`: the connection carries the token it proved from now on.
    if (entry.auth === 'user' && entry.token === 'payload') caller.setToken(token);
    caller.joinSession?.(session.sessionId);
    return next({ session, user });
  };
}
