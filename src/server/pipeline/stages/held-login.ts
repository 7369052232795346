import { auditedPasswordCheck } from '../../audit/audit-log';
import { checkCredentials } from '../../auth/credentials';
import type { Services } from '../../services';
import type { Stage } from '../stage';

/**
 * For `userOrLogin` events without a session: the identifier and password the client holds between the password and
 * the second factor are checked like a sign-in (the `password` budget was spent by the limits stage), and the account
 * goes on the context. They prove the password only: what they may do is each handler's rule. A wrong password is
 * recorded in the account's audit log, in the background (the same work for an unknown identifier).
 */
export function heldLoginStage(services: Services): Stage {
  return async (call, next) => {
    const held = call.payload as { identifier?: string; password?: string } | undefined;
    if (call.ctx.user || held?.identifier === undefined || held.password === undefined) return next();
    call.ctx.user = await auditedPasswordCheck(services, held.identifier, call.ctx.origin, checkCredentials(services.db, held.identifier, held.password));
    await call.ctx.settle('password');
    call.ctx.session = null;
    call.ctx.viaLoginDetails = true;
    return next();
  };
}
