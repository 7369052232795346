import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { auditedPasswordCheck } from '../../audit/audit-log';
import { checkCredentials } from '../../auth/credentials';
import type { Services } from '../../services';
import { resumeFromTicket } from '../../sign-in/tickets';
import type { Anonymous, BaseContext, Budgets, SignedIn, SignedInOrHeld } from '../context';
import type { Stage } from '../stage';

/**
 * For `userOrLogin` events without a session: the identifier and password the client holds between the password and
 * the second factor are checked like a sign-in (the `password` budget was spent by the limits stage), and the account
 * is added to the context; or the ticket of a sign-in whose first factor was Microsoft or a passkey. They prove the
 * first factor only: what they may do is each handler's rule. A wrong password is recorded in the account's audit
 * log, in the background (the same work for an unknown identifier).
 */
export function heldLoginStage(services: Services): Stage<BaseContext & Budgets & (SignedIn | Anonymous), SignedInOrHeld> {
  return async (call, ctx, next) => {
    if (ctx.user) return next({ user: ctx.user, session: ctx.session, viaLoginDetails: false });
    const held = call.payload as { identifier?: string; password?: string; ticket?: string } | undefined;
    if (held?.ticket !== undefined) {
      // A sign-in ticket stands for a first factor that cannot be sent again (Microsoft, a passkey).
      const factor = await resumeFromTicket(services, held.ticket);
      return next({ user: factor.user, session: null, viaLoginDetails: true, signingIn: { detail: factor.detail, method: factor.method } });
    }
    // The session stage lets a call through without a session only with both (or a ticket).
    if (held?.identifier === undefined || held.password === undefined) throw new CallError(ERROR_CODES.UNAUTHENTICATED, 'Please sign in.');
    const user = await auditedPasswordCheck(services, held.identifier, ctx.origin, checkCredentials(services.db, held.identifier, held.password));
    await ctx.settle('password');
    return next({ user, session: null, viaLoginDetails: true, signingIn: { detail: 'password', method: 'password' } });
  };
}
