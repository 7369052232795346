import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { UserRow } from '../accounts/queries';
import { recordAudit } from '../audit/audit-log';
import { describeDevice, type CallOrigin } from '../auth/device';
import { CODE_LIFETIMES, issueLinkSecret, sha256 } from '../auth/one-time-codes';
import { newDeviceAlerts, sessions, users } from '../db/schema';
import { newDeviceMail, resetLinkMail } from '../mail/templates';
import type { Services } from '../services';
import { revokeTrustedDevices } from './trusted-devices';
import { mailLanguage } from '../mail/templates';

/** The "This was not me" link of a new-device mail works this long (and once). */
export const NOT_ME_SECONDS = 7 * 24 * 60 * 60;

export const NOT_ME_GONE = 'This link has expired or was already used. If you still think someone else signed in, reset your password from the sign-in screen.';

/**
 * After a sign-in opened `sessionId` (in the background, outside the reply): when the account had signed in before,
 * but never from this device and browser (no other session of the user has the same `describeDevice` label), the
 * owner is mailed the time, address, device and a single-use "This was not me" link.
 */
export function alertIfNewDevice(services: Services, user: UserRow, origin: CallOrigin, sessionId: string): void {
  const { db, mailer, config, background, log } = services;
  background.run('new-device-alert', async () => {
    const { device } = describeDevice(origin);
    // Two EXISTS, each stopping at its first row: the cost does not grow with the account's sessions.
    const others = and(eq(sessions.userId, user.id), ne(sessions.id, sessionId));
    const [seen] = await db
      .select({
        before: sql<boolean>`exists (${db.select({ one: sql`1` }).from(sessions).where(others)})`,
        here: sql<boolean>`exists (${db.select({ one: sql`1` }).from(sessions).where(and(others, eq(sessions.device, device)))})`,
      })
      .from(sql`(select 1) as probe`);
    // The first sign-in ever has nothing to compare with; a known device is no news.
    if (!seen?.before || seen.here) return;
    const code = randomBytes(32).toString('base64url');
    await db.transaction(async (tx) => {
      await tx.insert(newDeviceAlerts).values({ userId: user.id, sessionId, codeHash: sha256(code), expiresAt: sql`now() + make_interval(secs => ${NOT_ME_SECONDS})` });
      const message = newDeviceMail(mailLanguage(user.language), user.email, user.firstName, { at: new Date(), ip: origin.ip, device }, `${config.publicUrl}/not-me/${code}`, NOT_ME_SECONDS);
      await mailer.enqueue(tx, message, NOT_ME_SECONDS);
    });
    log.info('sign-in.new-device', { userId: user.id });
  });
}

/**
 * "This was not me": the link's code, used once (a conditional update), ends the session it was mailed about,
 * forgets every trusted device of the account and mails a password reset link, as Forgot Password does.
 */
export async function reportNotMe(services: Services, code: string, origin: CallOrigin): Promise<void> {
  const { db, sessions: sessionStore, mailer, config, log } = services;
  const [alert] = await db
    .update(newDeviceAlerts)
    .set({ usedAt: sql`now()` })
    .where(and(eq(newDeviceAlerts.codeHash, sha256(code)), isNull(newDeviceAlerts.usedAt), gt(newDeviceAlerts.expiresAt, sql`now()`)))
    .returning({ userId: newDeviceAlerts.userId, sessionId: newDeviceAlerts.sessionId });
  if (!alert) throw new CallError(ERROR_CODES.FORBIDDEN, NOT_ME_GONE);
  await sessionStore.revoke(alert.sessionId);
  await revokeTrustedDevices(db, alert.userId);
  const [user] = await db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, alert.userId));
  if (user) {
    await db.transaction(async (tx) => {
      const secret = await issueLinkSecret(tx, 'reset-password', { userId: alert.userId }, CODE_LIFETIMES.resetPassword);
      await mailer.enqueue(tx, resetLinkMail(mailLanguage(user.language), user.email, `${config.publicUrl}/reset/${secret}`, CODE_LIFETIMES.resetPassword), CODE_LIFETIMES.resetPassword);
    });
  }
  await recordAudit(db, alert.userId, { kind: 'session-ended', detail: '"This was not me" in the new-device mail; a password reset link was mailed', origin, sessionId: alert.sessionId });
  log.info('sign-in.not-me', { userId: alert.userId });
}
