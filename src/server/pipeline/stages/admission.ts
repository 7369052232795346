import { admit, ServerBusy } from '../../auth/hash-pool';
import type { SessionInfo } from '../../auth/sessions';
import type { BaseContext } from '../context';
import type { Stage } from '../stage';

/**
 * For events whose check is a password hash: when the hash threads are already booked beyond their wait budget (by
 * hashes waiting and by calls admitted before this one), the call is refused here, before it spends a budget or
 * touches the database, so a storm of sign-ins costs the server almost nothing beyond what it can do.
 */
export const admissionStage: Stage<BaseContext & { session?: SessionInfo | null }> = async (call, ctx, next) => {
  // The multi-factor events hash only with held login details; with a session they have nothing to admit.
  if (call.entry.auth === 'userOrLogin' && ctx.session) return next();
  const admission = admit();
  if ('refused' in admission) throw new ServerBusy(admission.refused / 1000);
  try {
    return await next();
  } finally {
    admission.release();
  }
};
