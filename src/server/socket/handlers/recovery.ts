import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { findUserByIdentifier } from '../../accounts/queries';
import { mfaLimitKey } from '../../auth/mfa';
import { hashRecoveryCode, newRecoveryCode, recoveryCodeMatches } from '../../auth/mfa-secrets';
import { CODE_LIFETIMES, issueLinkSecret } from '../../auth/one-time-codes';
import { users } from '../../db/schema';
import type { Services } from '../../services';
import type { HandlerMap } from '../register';
import { codeAttempt } from './limits';

/** forgotPasswordWithRecoveryCode: identifier and recovery code give a reset ticket (`user`). */
export function recoveryHandlers({ db, limiter, log }: Services): HandlerMap {
  return {
    async forgotPasswordWithRecoveryCode(payload) {
      const identifier = payload.identifier.toLowerCase();
      // Counted per identifier (strangers) and per account (so an email and a user name share one budget).
      const byIdentifier = await codeAttempt(limiter, `mfa:recovery:${identifier}`);
      const user = await findUserByIdentifier(db, identifier);
      const byAccount = user ? await codeAttempt(limiter, mfaLimitKey(user.id)) : null;
      const invalid = async () => {
        const errors = [await byIdentifier.fail(MESSAGES.invalidRecoveryCode), await byAccount?.fail(MESSAGES.invalidRecoveryCode)];
        return errors.find((error) => error?.code === ERROR_CODES.TOO_MANY_ATTEMPTS) ?? errors[0]!;
      };
      // An unknown identifier is compared against nothing and answers exactly like a wrong code.
      if (!recoveryCodeMatches(payload.recoveryCode, user?.mfaRecoveryHash ?? null) || !user) throw await invalid();
      const fresh = newRecoveryCode();
      const spent = await db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({ mfaRecoveryHash: hashRecoveryCode(fresh) })
          .where(and(eq(users.id, user.id), eq(users.mfaRecoveryHash, user.mfaRecoveryHash!)))
          .returning({ id: users.id });
        if (rows.length !== 1) return null;
        return issueLinkSecret(tx, 'recovery-reset', { userId: user.id }, CODE_LIFETIMES.recoveryReset);
      });
      if (spent === null) throw await invalid();
      await byIdentifier.succeed();
      await byAccount?.succeed();
      log.info('password.recovery-code-used', { userId: user.id });
      return { user: spent, success: true as const, recoveryCode: fresh };
    },
  };
}
