import { CallError, ERROR_CODES } from '../../shared/protocol';
import { MESSAGES } from '../../shared/validation/messages';
import { findUserById, findUserByIdentifier, type UserRow } from '../accounts/queries';
import type { AttemptLimiter, LockEvent } from '../limits/limiter';
import { recordAudit } from '../audit/audit-log';
import { unlockMail } from '../mail/templates';
import type { Services } from '../services';
import type { CallOrigin } from './device';
import { CODE_LIFETIMES, findLinkSecret, issueLinkSecret, markUsed } from './one-time-codes';
import { mailLanguage } from '../mail/templates';

/**
 * The sign-in lockout an attacker cannot turn into a weapon (README, "Lockout"): wrong passwords lock the identifier
 * at one address first; only many addresses together lock it everywhere, and then its owner is mailed a one-time
 * link that lifts the lock. A password reset lifts it too. "Everywhere" is every device the account has not trusted:
 * each trusted device is counted apart (`knownDevicesApart` in limits/policies.ts), so it still signs in.
 */

/** Lifts every password lock of an account, by email and by user name, from every address. */
export async function forgetSignInLocks(limiter: AttemptLimiter, user: Pick<UserRow, 'email' | 'userName'>): Promise<void> {
  await limiter.forget('password', user.email);
  if (user.userName) await limiter.forget('password', user.userName);
}

/**
 * Told by the limiter when an identifier's password budget locks everywhere (for unknown devices, or on one known
 * device of the account): if it names an account, its owner gets an unlock link (at most one per cooldown). In the
 * background, so the locking reply is the same for every identifier.
 */
export function mailUnlockLinkOnLock(services: () => Services): (event: LockEvent) => void {
  return ({ policy, subject, rule, knownDevice }) => {
    if (policy !== 'password' || !rule.unlockByMail) return;
    const { db, background, limiter, mailer, config } = services();
    background.run('unlock-mail', async () => {
      const user = await findUserByIdentifier(db, subject);
      if (!user || !(await limiter.mayMail(user.email, 'unlock'))) return;
      await db.transaction(async (tx) => {
        const secret = await issueLinkSecret(tx, 'unlock-account', { userId: user.id }, CODE_LIFETIMES.unlockAccount);
        await mailer.enqueue(tx, unlockMail(mailLanguage(user.language), user.email, user.firstName, `${config.publicUrl}/unlock/${secret}`, knownDevice === null ? 'unknown devices' : 'a trusted device'), CODE_LIFETIMES.unlockAccount);
      });
    });
  };
}

/** unlockAccount: the mailed link works once, and lifts the account's sign-in locks. */
export async function unlockWithLink({ db, limiter, log }: Services, code: string, origin: CallOrigin): Promise<void> {
  const invalid = () => new CallError(ERROR_CODES.NOT_FOUND, MESSAGES.unlockLinkInvalid);
  const found = await findLinkSecret(db, ['unlock-account'], code);
  if (found.status !== 'ok' || !found.row.userId) throw invalid();
  if ((await markUsed(db, found.row)).status !== 'ok') throw invalid();
  const user = await findUserById(db, found.row.userId);
  if (!user) throw invalid();
  await forgetSignInLocks(limiter, user);
  await recordAudit(db, user.id, { kind: 'unlocked', detail: 'with the mailed link', origin });
  log.info('sign-in.unlocked', { userId: user.id });
}
