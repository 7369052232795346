import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { CODE_LIFETIMES, findLinkSecret, issueLinkSecret, markUsed } from '../../auth/one-time-codes';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { SIGN_IN_LIMITS } from '../../auth/rate-limit';
import { onboardingEmployees, organizations } from '../../db/schema';
import { resetLinkMail } from '../../mail/templates';
import type { Services } from '../../services';
import type { HandlerMap } from '../register';
import { countRequest, MAIL_REQUEST_LIMIT } from './limits';
import { tooManyAttempts } from './sign-in';

type Employee = typeof onboardingEmployees.$inferSelect;

const invalidLink = () => new CallError(ERROR_CODES.NOT_FOUND, MESSAGES.resetLinkInvalid);

/** Onboarding and preboarding employees: sign up (set a password), sign in by email or employee code, reset. */
export function onboardingHandlers({ db, limiter, sessions, log, mailer, config }: Services): HandlerMap {
  const orgOf = async (orgId: string) => (await db.select().from(organizations).where(eq(organizations.orgId, orgId)))[0] ?? null;

  /** An employee of the organization by email or employee code (both compared without case). */
  const findEmployee = async (orgId: string, identifier: string): Promise<Employee | null> => {
    const org = await orgOf(orgId);
    if (!org) return null;
    const value = identifier.trim().toLowerCase();
    const [row] = await db
      .select()
      .from(onboardingEmployees)
      .where(and(eq(onboardingEmployees.organizationId, org.id), or(eq(onboardingEmployees.email, value), sql`lower(${onboardingEmployees.employeeCode}) = ${value}`)))
      .limit(1);
    return row ?? null;
  };

  const signedIn = async (employee: Employee, ctx: { ip: string | null; userAgent: string | null }) => {
    const { token } = await sessions.open(employee.id, { kind: 'onboarding', ip: ctx.ip, userAgent: ctx.userAgent });
    return { token, isPreBoarding: employee.preboarding, _id: employee.id };
  };

  return {
    async onboardingLogin(payload, ctx) {
      const identifierKey = `onboarding-sign-in:${payload.orgId}:${payload.email.trim().toLowerCase()}`;
      const addressKey = `sign-in:address:${ctx.ip ?? 'unknown'}`;
      const wait = Math.max(await limiter.retryAfter(identifierKey), await limiter.retryAfter(addressKey));
      if (wait > 0) throw tooManyAttempts(wait);
      const employee = await findEmployee(payload.orgId, payload.email);
      // An unknown employee, one without a password yet and a wrong password answer alike, after the same work.
      if (!employee || !(await verifyPassword(employee.passwordHash, payload.password)) || !employee.passwordHash) {
        const locked = Math.max(await limiter.fail(identifierKey, SIGN_IN_LIMITS.identifier), await limiter.fail(addressKey, SIGN_IN_LIMITS.address));
        if (locked > 0) throw tooManyAttempts(locked);
        throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidOnboardingCredentials);
      }
      await limiter.clear(identifierKey);
      log.info('onboarding.signed-in', { employeeId: employee.id, preboarding: employee.preboarding });
      return signedIn(employee, ctx);
    },

    // Sign-up is for employees the organization has listed; saying "not listed" is what the form is for, so it is
    // limited per client address like checkEmailExistense.
    async onboardingSignUp(payload, ctx) {
      await countRequest(limiter, `onboarding-sign-up:${ctx.ip ?? 'unknown'}`, MAIL_REQUEST_LIMIT);
      const employee = await findEmployee(payload.orgId, payload.email);
      if (!employee || employee.email !== payload.email) throw new CallError(ERROR_CODES.NOT_FOUND, MESSAGES.onboardingNotInvited);
      if (employee.passwordHash) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.onboardingAlreadySignedUp);
      const passwordHash = await hashPassword(payload.password);
      const [updated] = await db
        .update(onboardingEmployees)
        .set({ passwordHash, updatedAt: new Date() })
        .where(and(eq(onboardingEmployees.id, employee.id), isNull(onboardingEmployees.passwordHash)))
        .returning();
      if (!updated) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.onboardingAlreadySignedUp);
      log.info('onboarding.signed-up', { employeeId: employee.id });
      return { success: true as const, ...(await signedIn(updated, ctx)) };
    },

    async onboardingForgotPassword(payload) {
      await countRequest(limiter, `forgot:${payload.orgId}:${payload.email}`, MAIL_REQUEST_LIMIT);
      const employee = await findEmployee(payload.orgId, payload.email);
      if (employee && employee.email === payload.email) {
        const secret = await issueLinkSecret(db, 'onboarding-reset', { onboardingEmployeeId: employee.id, organizationId: employee.organizationId }, CODE_LIFETIMES.resetPassword);
        const base = `${config.publicUrl}/${encodeURIComponent(payload.orgId)}${employee.preboarding ? '/preboarding' : ''}`;
        mailer.queue(resetLinkMail(employee.email, `${base}/reset/${secret}`, CODE_LIFETIMES.resetPassword));
      }
      return { success: true as const };
    },

    async onboardingResetPassword(payload) {
      const found = await findLinkSecret(db, ['onboarding-reset'], payload.code);
      if (found.status !== 'ok' || !found.row.onboardingEmployeeId) throw invalidLink();
      const org = await orgOf(payload.orgId);
      if (!org || found.row.organizationId !== org.id) throw invalidLink();
      const employeeId = found.row.onboardingEmployeeId;
      const passwordHash = await hashPassword(payload.password);
      await db.transaction(async (tx) => {
        if ((await markUsed(tx, found.row)).status !== 'ok') throw invalidLink();
        await tx.update(onboardingEmployees).set({ passwordHash, updatedAt: new Date() }).where(eq(onboardingEmployees.id, employeeId));
      });
      await sessions.revokeAllForEmployee(employeeId);
      log.info('onboarding.password-reset', { employeeId });
      return { success: true as const };
    },
  };
}
