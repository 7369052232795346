import { revokeTrustedDevices } from '../sign-in/trusted-devices';
import { eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { MESSAGES } from '../../shared/validation/messages';
import { invalidResetLink, requestPasswordReset, resetPasswordWith, startRecoveryReset } from '../accounts/password-reset';
import { findUserById } from '../accounts/queries';
import { recordAudit } from '../audit/audit-log';
import { findLinkSecret } from '../auth/one-time-codes';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { onboardingEmployees, organizations, users } from '../db/schema';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/** Forgot and reset password (by link or by recovery code), and the signed-in password change. */
export function passwordHandlers(services: Services): HandlerMap {
  const { db, sessions, log } = services;
  return {
    async forgotPassword(payload, ctx) {
      await requestPasswordReset(services, payload.email, ctx.language);
      return { success: true as const };
    },

    async getResetCodeInfo(payload) {
      const found = await findLinkSecret(db, [payload.orgId ? 'onboarding-reset' : 'reset-password'], payload.code);
      if (found.status !== 'ok') throw invalidResetLink();
      if (found.row.userId) {
        const user = await findUserById(db, found.row.userId);
        if (!user) throw invalidResetLink();
        return { valid: true as const, email: user.email };
      }
      const [employee] = await db
        .select({ email: onboardingEmployees.email, orgId: organizations.orgId })
        .from(onboardingEmployees)
        .innerJoin(organizations, eq(onboardingEmployees.organizationId, organizations.id))
        .where(eq(onboardingEmployees.id, found.row.onboardingEmployeeId ?? ''));
      if (!employee || employee.orgId !== payload.orgId) throw invalidResetLink();
      return { valid: true as const, email: employee.email };
    },

    async resetPassword(payload, ctx) {
      // `user` is the ticket forgotPasswordWithRecoveryCode handed out; it is single-use like a link.
      await resetPasswordWith(services, payload.code !== undefined ? { code: payload.code } : { ticket: payload.user ?? '' }, payload.password, ctx.origin);
      return { success: true as const };
    },

    async forgotPasswordWithRecoveryCode(payload, ctx) {
      return { user: await startRecoveryReset(services, payload.identifier, payload.recoveryCode, ctx.origin), success: true as const };
    },

    async 'hrms|myPassword|update'(payload, ctx) {
      const { user, session } = ctx;
      if (!(await verifyPassword(user.passwordHash, payload.oldPassword))) throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.currentPasswordWrong);
      if (payload.oldPassword === payload.newPassword) throw new CallError(ERROR_CODES.BAD_REQUEST, MESSAGES.samePassword, { fields: ['newPassword'] });
      const passwordHash = await hashPassword(payload.newPassword);
      await db.update(users).set({ passwordHash, passwordChosen: true, mustChangePassword: false, updatedAt: new Date() }).where(eq(users.id, user.id));
      // Every session ends, this one included; the caller continues on a new token (its client reconnects with it).
      const { token, sessionId: kept } = await sessions.open(user.id, ctx.origin);
      await sessions.revokeAllForUser(user.id, kept);
      await revokeTrustedDevices(db, user.id);
      await recordAudit(db, user.id, { kind: 'password-changed', detail: 'every other session ended', origin: ctx.origin, sessionId: kept });
      log.info('password.changed', { userId: user.id, previousSession: session.sessionId });
      return { token };
    },
  };
}
