import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { CallError, ERROR_CODES, onboardingSubject } from '../../shared/protocol';
import { MESSAGES } from '../../shared/validation/messages';
import { CODE_LIFETIMES, findLinkSecret, issueLinkSecret, markUsed } from '../auth/one-time-codes';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { onboardingEmployees, organizations } from '../db/schema';
import { resetLinkMail } from '../mail/templates';
import type { Services } from '../services';
import { mailLanguage } from '../mail/templates';
import type { Language } from '../../shared/i18n/languages';

export type Employee = typeof onboardingEmployees.$inferSelect;

const invalidLink = () => new CallError(ERROR_CODES.NOT_FOUND, MESSAGES.resetLinkInvalid);

/**
 * An employee of the organization by email or employee code (both compared without case), in one statement whether
 * the organization, the employee, or neither exists.
 */
export async function findEmployee(db: Db, orgId: string, identifier: string): Promise<Employee | null> {
  const value = identifier.trim().toLowerCase();
  const [row] = await db
    .select({ employee: onboardingEmployees })
    .from(onboardingEmployees)
    .innerJoin(organizations, eq(onboardingEmployees.organizationId, organizations.id))
    .where(and(eq(organizations.orgId, orgId), or(eq(onboardingEmployees.email, value), sql`lower(${onboardingEmployees.employeeCode}) = ${value}`)))
    .limit(1);
  return row?.employee ?? null;
}

/**
 * onboardingLogin's check: an unknown employee, one without a password yet and a wrong password answer alike,
 * after the same work (one lookup, one argon2 verification against a throw-away hash when there is no password).
 */
export async function checkEmployeeCredentials(db: Db, orgId: string, identifier: string, password: string): Promise<Employee> {
  const employee = await findEmployee(db, orgId, identifier);
  const passwordOk = await verifyPassword(employee?.passwordHash ?? null, password);
  if (!employee || !passwordOk) throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidOnboardingCredentials);
  return employee;
}

/** onboardingSignUp: a listed employee sets the first password; a race or a second attempt gets 409. */
export async function setFirstPassword(db: Db, orgId: string, email: string, password: string): Promise<Employee> {
  const employee = await findEmployee(db, orgId, email);
  if (!employee || employee.email !== email) throw new CallError(ERROR_CODES.NOT_FOUND, MESSAGES.onboardingNotInvited);
  if (employee.passwordHash) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.onboardingAlreadySignedUp);
  const passwordHash = await hashPassword(password);
  const [updated] = await db
    .update(onboardingEmployees)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(onboardingEmployees.id, employee.id), isNull(onboardingEmployees.passwordHash)))
    .returning();
  if (!updated) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.onboardingAlreadySignedUp);
  return updated;
}

/** onboardingForgotPassword: the same reply and work for everyone; a listed employee's link goes out in the background. */
export async function requestEmployeeReset(services: Services, orgId: string, email: string, requestLanguage: Language | null = null): Promise<void> {
  const { db, background, limiter, mailer, config } = services;
  const employee = await findEmployee(db, orgId, email);
  if (!employee || employee.email !== email) return;
  background.run('onboarding-reset-link', async () => {
    if (!(await limiter.mayMail(onboardingSubject(orgId, employee.email), 'reset'))) return;
    const base = `${config.publicUrl}/${encodeURIComponent(orgId)}${employee.preboarding ? '/preboarding' : ''}`;
    await db.transaction(async (tx) => {
      const secret = await issueLinkSecret(tx, 'onboarding-reset', { onboardingEmployeeId: employee.id, organizationId: employee.organizationId }, CODE_LIFETIMES.resetPassword);
      await mailer.enqueue(tx, resetLinkMail(mailLanguage(requestLanguage), employee.email, `${base}/reset/${secret}`, CODE_LIFETIMES.resetPassword), CODE_LIFETIMES.resetPassword);
    });
  });
}

/** onboardingResetPassword: the link works once; every session of the employee ends and their sign-in locks lift. */
export async function resetEmployeePassword(services: Services, orgId: string, code: string, password: string): Promise<Employee> {
  const { db, sessions, limiter } = services;
  const found = await findLinkSecret(db, ['onboarding-reset'], code);
  if (found.status !== 'ok' || !found.row.onboardingEmployeeId) throw invalidLink();
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.orgId, orgId));
  if (!org || found.row.organizationId !== org.id) throw invalidLink();
  const employeeId = found.row.onboardingEmployeeId;
  const passwordHash = await hashPassword(password);
  const employee = await db.transaction(async (tx) => {
    if ((await markUsed(tx, found.row)).status !== 'ok') throw invalidLink();
    const [row] = await tx.update(onboardingEmployees).set({ passwordHash, updatedAt: new Date() }).where(eq(onboardingEmployees.id, employeeId)).returning();
    return row!;
  });
  await sessions.revokeAllForEmployee(employeeId);
  await limiter.forget('password', onboardingSubject(orgId, employee.email));
  if (employee.employeeCode) await limiter.forget('password', onboardingSubject(orgId, employee.employeeCode));
  return employee;
}
