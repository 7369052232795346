import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { TokenError, type SessionService } from '../../auth/sessions';
import type { Anonymous, BaseContext, SignedIn } from '../context';
import type { Stage } from '../stage';

export const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';
const PLEASE_SIGN_IN = 'Please sign in.';
const ANONYMOUS: Anonymous = { session: null, user: null };

/**
 * The one door of sessions: resolves the connection's token once into the session and its account, and adds both to
 * the context. Events that declare `token: 'payload'` are signed in only when the payload names the token, and it must
 * be the connection's: no call signs a connection in with another token (its handshake is the one way). A token that is
 * forged, expired or revoked (by logout, a password change or a reset, on any connection or instance) answers 401,
 * which tells the client to sign out. Onboarding sessions never pass as a regular account's. Adds no session for
 * `maybeUser` without a token, and for `userOrLogin` with held login details (the held-login stage proves those).
 */
export function sessionStage(sessions: SessionService): Stage<BaseContext, SignedIn | Anonymous> {
  return async (call, _ctx, next) => {
    const { entry, caller } = call;
    const named = entry.token === 'payload' ? ((call.payload as { token?: string } | undefined)?.token ?? null) : undefined;
    // A stored token the connection was not opened with: the client's handshake is out of step with its storage.
    if (typeof named === 'string' && named !== caller.token()) throw new CallError(ERROR_CODES.UNAUTHENTICATED, SIGN_IN_AGAIN);
    const token = named === null ? null : caller.token();
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
    if (!entry.endsSession) {
      caller.joinSession?.(session.sessionId);
      return next({ session, user });
    }
    // Ending it itself: not told of the end it causes; still told of any other if the call fails.
    caller.leaveSession?.();
    try {
      return await next({ session, user });
    } catch (error) {
      caller.joinSession?.(session.sessionId);
      throw error;
    }
  };
}
