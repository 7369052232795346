import { eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { findUserById, findUserByIdentifier } from '../../accounts/queries';
import { CODE_LIFETIMES, findLinkSecret, issueLinkSecret, markUsed } from '../../auth/one-time-codes';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { SIGN_IN_LIMITS } from '../../auth/rate-limit';
import { onboardingEmployees, organizations, users } from '../../db/schema';
import { resetLinkMail } from '../../mail/templates';
import type { Services } from '../../services';
import type { HandlerMap } from '../register';
import { countRequest, MAIL_REQUEST_LIMIT } from './limits';

const invalidLink = () => new CallError(ERROR_CODES.NOT_FOUND, MESSAGES.resetLinkInvalid);

/** Forgot and reset password, and the signed-in password change. */
export function passwordHandlers({ db, limiter, sessions, log, mailer, config }: Services): HandlerMap {
  return {
    // The same answer, after the same work, whether or not the address has an account; mail goes out in the background.
    async forgotPassword(payload) {
      await countRequest(limiter, `forgot:${payload.email}`, MAIL_REQUEST_LIMIT);
      const user = await findUserByIdentifier(db, payload.email);
      if (user && user.email === payload.email) {
        const secret = await issueLinkSecret(db, 'reset-password', { userId: user.id }, CODE_LIFETIMES.resetPassword);
        mailer.queue(resetLinkMail(user.email, `${config.publicUrl}/reset/${secret}`, CODE_LIFETIMES.resetPassword));
      }
      return { success: true as const };
    },

    async getResetCodeInfo(payload) {
      const found = await findLinkSecret(db, [payload.orgId ? 'onboarding-reset' : 'reset-password'], payload.code);
      if (found.status !== 'ok') throw invalidLink();
      if (found.row.userId) {
        const user = await findUserById(db, found.row.userId);
        if (!user) throw invalidLink();
        return { valid: true as const, email: user.email };
      }
      const [employee] = await db
        .select({ email: onboardingEmployees.email, orgId: organizations.orgId })
        .from(onboardingEmployees)
        .innerJoin(organizations, eq(onboardingEmployees.organizationId, organizations.id))
        .where(eq(onboardingEmployees.id, found.row.onboardingEmployeeId ?? ''));
      if (!employee || employee.orgId !== payload.orgId) throw invalidLink();
      return { valid: true as const, email: employee.email };
    },

    async resetPassword(payload) {
      // `user` is the ticket forgotPasswordWithRecoveryCode handed out; it is single-use like a link.
      const found =
        payload.code !== undefined ? await findLinkSecret(db, ['reset-password'], payload.code) : await findLinkSecret(db, ['recovery-reset'], payload.user ?? '');
      if (found.status !== 'ok' || !found.row.userId) throw invalidLink();
      const userId = found.row.userId;
      const passwordHash = await hashPassword(payload.password);
      // Use the link and set the password together: a failure leaves the old password and a working link.
      await db.transaction(async (tx) => {
        if ((await markUsed(tx, found.row)).status !== 'ok') throw invalidLink();
        // The link proves the address, so an account still waiting for verification is verified too.
        await tx.update(users).set({ passwordHash, mustChangePassword: false, verified: true, updatedAt: new Date() }).where(eq(users.id, userId));
      });
      await sessions.revokeAllForUser(userId);
      await limiter.clear(`sign-in:account:${userId}`);
      log.info('password.reset', { userId });
      return { success: true as const };
    },

    async 'hrms|myPassword|update'(payload, ctx) {
      const { userId, sessionId } = ctx.session;
      const key = `password-change:${userId}`;
      const wait = await limiter.retryAfter(key);
      if (wait > 0) throw new CallError(ERROR_CODES.TOO_MANY_ATTEMPTS, MESSAGES.tooManyRequests(Math.ceil(wait / 60)), { retryAfter: wait });
      const user = await findUserById(db, userId);
      if (!user) throw new CallError(ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.');
      if (!(await verifyPassword(user.passwordHash, payload.oldPassword))) {
        const locked = await limiter.fail(key, SIGN_IN_LIMITS.identifier);
        if (locked > 0) throw new CallError(ERROR_CODES.TOO_MANY_ATTEMPTS, MESSAGES.tooManyRequests(Math.ceil(locked / 60)), { retryAfter: locked });
        throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.currentPasswordWrong);
      }
      if (payload.oldPassword === payload.newPassword) throw new CallError(ERROR_CODES.BAD_REQUEST, MESSAGES.samePassword, { fields: ['newPassword'] });
      await limiter.clear(key);
      const passwordHash = await hashPassword(payload.newPassword);
      await db.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where(eq(users.id, userId));
      // Every session ends, this one included; the caller continues on a new token.
      await sessions.revokeAllForUser(userId);
      const { token } = await sessions.open(userId, { ip: ctx.ip, userAgent: ctx.userAgent });
      ctx.setToken(token);
      log.info('password.changed', { userId, previousSession: sessionId });
      return { token };
    },
  };
}
