import { revokeTrustedDevices } from '../sign-in/trusted-devices';
import { eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { MESSAGES } from '../../shared/validation/messages';
import { recordAudit, recordForIdentifier } from '../audit/audit-log';
import type { CallOrigin } from '../auth/device';
import { forgetSignInLocks } from '../auth/lockout';
import { CODE_LIFETIMES, findLinkSecret, issueLinkSecret, markUsed } from '../auth/one-time-codes';
import { hashPassword } from '../auth/passwords';
import { spendRecoveryCode } from '../auth/recovery-codes';
import { users } from '../db/schema';
import { NOTICE_LIFETIME_SECONDS } from '../mail/mailer';
import { passwordResetNoticeMail, recoveryCodeMail, resetLinkMail } from '../mail/templates';
import type { Services } from '../services';
import { findUserById, findUserByIdentifier, type UserRow } from './queries';
import { mailLanguage } from '../mail/templates';
import type { Language } from '../../shared/i18n/languages';

export const invalidResetLink = () => new CallError(ERROR_CODES.NOT_FOUND, MESSAGES.resetLinkInvalid);

/**
 * forgotPassword: the same reply and the same work for every address; for an account, a reset link is issued and
 * mailed in the background (at most one per cooldown, the one mailed last keeps working).
 */
export async function requestPasswordReset(services: Services, email: string, requestLanguage: Language | null = null): Promise<void> {
  const { db, background, limiter, mailer, config } = services;
  const user = await findUserByIdentifier(db, email);
  if (!user || user.email !== email) return;
  background.run('reset-link', async () => {
    if (!(await limiter.mayMail(user.email, 'reset'))) return;
    await db.transaction(async (tx) => {
      const secret = await issueLinkSecret(tx, 'reset-password', { userId: user.id }, CODE_LIFETIMES.resetPassword);
      await mailer.enqueue(tx, resetLinkMail(mailLanguage(user.language, requestLanguage), user.email, `${config.publicUrl}/reset/${secret}`, CODE_LIFETIMES.resetPassword), CODE_LIFETIMES.resetPassword);
    });
  });
}

/**
 * resetPassword: a mailed link (`code`) or the ticket a recovery code gave (`ticket`) sets a new password, once. It
 * ends every session, lifts the sign-in locks the reset was meant to escape, and tells the owner by mail.
 */
export async function resetPasswordWith(services: Services, secret: { code: string } | { ticket: string }, password: string, origin: CallOrigin): Promise<UserRow> {
  const { db, sessions, limiter, mailer, log } = services;
  const byLink = 'code' in secret;
  const found = byLink ? await findLinkSecret(db, ['reset-password'], secret.code) : await findLinkSecret(db, ['recovery-reset'], secret.ticket);
  if (found.status !== 'ok' || !found.row.userId) throw invalidResetLink();
  const userId = found.row.userId;
  const passwordHash = await hashPassword(password);
  // Use the link and set the password together: a failure leaves the old password and a working link.
  await db.transaction(async (tx) => {
    if ((await markUsed(tx, found.row)).status !== 'ok') throw invalidResetLink();
    // A mailed link proves the address, so an account still waiting for verification is verified too; either way the
    // password is now one its owner chose.
    await tx
      .update(users)
      .set({ passwordHash, passwordChosen: true, mustChangePassword: false, ...(byLink ? { verified: true } : {}), updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
  const user = await findUserById(db, userId);
  if (!user) throw invalidResetLink();
  await sessions.revokeAllForUser(userId);
  // Whoever knew the old password may have trusted a device with it: every device asks for the second factor again.
  await revokeTrustedDevices(db, userId);
  await forgetSignInLocks(limiter, user);
  await mailer.enqueue(db, passwordResetNoticeMail(mailLanguage(user.language), user.email, user.firstName, byLink ? 'link' : 'recovery-code'), NOTICE_LIFETIME_SECONDS);
  await recordAudit(db, userId, { kind: 'password-reset', detail: byLink ? 'with the mailed link; every session ended' : 'after a recovery code; every session ended', origin });
  log.info('password.reset', { userId, via: byLink ? 'link' : 'recovery-code' });
  return user;
}

/**
 * forgotPasswordWithRecoveryCode: the recovery code stands in for the password, never for the second factor. It is
 * spent together with the ticket it buys; the code that replaces it is mailed to the account's own address (with a
 * notice), never returned to the caller, so one recovery code alone never reaches a session. An unknown identifier
 * runs the same statements and answers exactly like a wrong code.
 */
export async function startRecoveryReset(services: Services, identifier: string, recoveryCode: string, origin: CallOrigin): Promise<string> {
  const { db, mailer, log } = services;
  const user = await findUserByIdentifier(db, identifier);
  const ticket = await db.transaction(async (tx) => {
    const fresh = await spendRecoveryCode(tx, user?.id ?? null, recoveryCode);
    if (!fresh || !user) return null;
    // The code that replaces the spent one goes to the account's mailbox only, with the spend itself.
    await mailer.enqueue(tx, recoveryCodeMail(mailLanguage(user.language), user.email, user.firstName, fresh), NOTICE_LIFETIME_SECONDS);
    return issueLinkSecret(tx, 'recovery-reset', { userId: user.id }, CODE_LIFETIMES.recoveryReset);
  });
  if (!ticket || !user) {
    // Recorded for a known identifier only, in the background: the same reply and work as an unknown one.
    recordForIdentifier(services, identifier, { kind: 'sign-in-failed', detail: 'wrong recovery code (forgot password)', origin });
    throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidRecoveryCode);
  }
  await recordAudit(db, user.id, { kind: 'recovery-code-used', detail: 'to reset the password', origin });
  log.info('password.recovery-code-used', { userId: user.id });
  return ticket;
}
