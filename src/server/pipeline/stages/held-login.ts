import { auditedPasswordCheck } from '../../audit/audit-log';
import { checkCredentials } from '../../auth/credentials';
import type { Services } from '../../services';
import { resumeFromTicket } from '../../sign-in/tickets';
import type { Stage } from '../stage';

/**
 * For `userOrLogin` events without a session: the identifier and password the client holds between the password and
 * the second factor are checked like a sign-in (the `password` budget was spent by the limits stage), and the account
 * goes on the context; or the ticket of a sign-in whose first factor was Microsoft or a passkey. They prove the first factor only: what they may do is each handler's rule. A wrong password is
 * recorded in the account's audit log, in the background (the same work for an unknown identifier).
 */
export function heldLoginStage(services: Services): Stage {
  return async (call, next) => {
    const held = call.payload as { identifier?: string; password?: string; ticket?: string } | undefined;
    if (call.ctx.user) return next();
    if (held?.ticket !== undefined) {
      // A sign-in ticket stands for a first factor that cannot be sent again (Microsoft, a passkey).
      const factor = await resumeFromTicket(services, held.ticket);
      call.ctx.user = factor.user;
      call.ctx.signingIn = { detail: factor.detail, method: factor.method };
    } else if (held?.identifier !== undefined && held.password !== undefined) {
      call.ctx.user = await auditedPasswordCheck(services, held.identifier, call.ctx.origin, checkCredentials(services.db, held.identifier, held.password));
      await call.ctx.settle('password');
      call.ctx.signingIn = { detail: 'password', method: 'password' };
    } else return next();
    call.ctx.session = null;
    call.ctx.viaLoginDetails = true;
    return next();
  };
}
