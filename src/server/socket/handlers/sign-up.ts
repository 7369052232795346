import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { COUNTRIES } from '../../../shared/reference/countries';
import { MESSAGES } from '../../../shared/validation/messages';
import { findUserByIdentifier } from '../../accounts/queries';
import { mfaState } from '../../auth/mfa';
import { CODE_LIFETIMES, issueOtp, useOtp } from '../../auth/one-time-codes';
import { hashPassword } from '../../auth/passwords';
import { memberships, organizations, users } from '../../db/schema';
import { organizationCodeMail, verificationCodeMail } from '../../mail/templates';
import type { Services } from '../../services';
import type { HandlerMap } from '../register';
import { codeAttempt, countRequest, EMAIL_CHECK_LIMIT, MAIL_REQUEST_LIMIT } from './limits';

/** The plan a company signing itself up starts with, until sales follows up (see /stay-tuned). */
export const SIGN_UP_PLAN = { hrms: true, chat: true, pms: true } as const;

/** An orgId for a new company: its name as a slug plus a random suffix, so two companies of one name never clash. */
function newOrgId(company: string): string {
  const slug = company
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug || 'company'}-${randomBytes(3).toString('hex')}`;
}

/** Mails a fresh account verification code (its latest code replaces older ones). */
export async function sendAccountCode({ db, mailer, config }: Services, user: { id: string; email: string; firstName: string }, organizationId: string | null) {
  const code = await issueOtp(db, 'verify-account', { userId: user.id, organizationId }, CODE_LIFETIMES.verifyAccount);
  mailer.queue(verificationCodeMail(user.email, user.firstName, code, `${config.publicUrl}/verify-email?email=${encodeURIComponent(user.email)}`));
}

/** The unverified company a not-yet-verified admin signed up, whose verification rides on the account code. */
export async function pendingSignUpOrganization(db: Services['db'], userId: string): Promise<string | null> {
  const [pending] = await db
    .select({ id: organizations.id })
    .from(memberships)
    .innerJoin(organizations, eq(memberships.organizationId, organizations.id))
    .where(and(eq(memberships.userId, userId), eq(memberships.role, 'admin'), eq(organizations.verified, false)))
    .limit(1);
  return pending?.id ?? null;
}

/** Company sign-up and verification: addressParams, checkEmailExistense, signUp, activateAccount, resendOTP, activateOrganization. */
export function signUpHandlers(services: Services): HandlerMap {
  const { db, limiter, sessions, log, mailer, config } = services;

  return {
    async addressParams() {
      return { results: [...COUNTRIES] };
    },

    // The spec's one deliberate exception to "never say whether an address has an account": sign-up asks it.
    // Limited per client address, so it cannot be used to test a list of addresses.
    async checkEmailExistense(payload, ctx) {
      await countRequest(limiter, `email-check:${ctx.ip ?? 'unknown'}`, EMAIL_CHECK_LIMIT);
      return { exists: (await findUserByIdentifier(db, payload.email)) !== null };
    },

    async signUp(payload, ctx) {
      await countRequest(limiter, `sign-up:${ctx.ip ?? 'unknown'}`, MAIL_REQUEST_LIMIT);
      if (await findUserByIdentifier(db, payload.email)) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.emailExists);
      const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
      const details = Object.fromEntries(
        Object.entries({
          phone: payload.phone,
          country: payload.country,
          numemployees: payload.numemployees,
          industryType: payload.industryType,
          referral: payload.referral,
          referralcode: payload.referralcode,
          affiliatecode: payload.affiliatecode,
          usercode: payload.usercode,
        }).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
      );
      const created = await db.transaction(async (tx) => {
        const [org] = await tx
          .insert(organizations)
          .values({ orgId: newOrgId(payload.company), company: payload.company, plan: SIGN_UP_PLAN, verified: false, signUpDetails: details })
          .returning();
        const [user] = await tx
          .insert(users)
          .values({ email: payload.email, firstName: payload.firstName, lastName: payload.lastName, passwordHash, verified: false, activeOrgId: org!.id })
          .onConflictDoNothing({ target: users.email })
          .returning();
        // Two sign-ups racing with one address: the second finds the row taken and leaves nothing behind.
        if (!user) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.emailExists);
        await tx.insert(memberships).values({ userId: user.id, organizationId: org!.id, role: 'admin' });
        return { org: org!, user };
      });
      await sendAccountCode(services, created.user, created.org.id);
      log.info('sign-up.created', { userId: created.user.id, orgId: created.org.orgId });
      return { success: true as const, email: created.user.email };
    },

    async activateAccount(payload, ctx) {
      const attempt = await codeAttempt(limiter, `otp:verify-account:${payload.email}`);
      const user = await findUserByIdentifier(db, payload.email);
      // An unknown address and an already verified one answer like a wrong code: no stranger learns which exists.
      if (!user || user.verified || user.email !== payload.email) throw await attempt.fail();
      const check = await useOtp(db, 'verify-account', { userId: user.id }, payload.otp);
      if (check.status === 'expired') throw await attempt.fail(MESSAGES.otpExpired);
      if (check.status !== 'ok') throw await attempt.fail();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ verified: true }).where(eq(users.id, user.id));
        // The code proves the admin owns the address, which is all that verifying the company they signed up proves.
        if (check.row.organizationId) await tx.update(organizations).set({ verified: true }).where(eq(organizations.id, check.row.organizationId));
      });
      await attempt.succeed();
      // The mailed code proves the address, not the second factor a company may demand: no session until it is passed.
      if ((await mfaState(db, user)).required) {
        log.info('account.verified', { userId: user.id, secondFactorRequired: true });
        return { email: user.email, isCompanyMFA: true };
      }
      const { token } = await sessions.open(user.id, { ip: ctx.ip, userAgent: ctx.userAgent });
      ctx.setToken(token);
      log.info('account.verified', { userId: user.id });
      return { token, email: user.email };
    },

    async resendOTP(payload) {
      await countRequest(limiter, `resend:${payload.email}`, MAIL_REQUEST_LIMIT);
      const user = await findUserByIdentifier(db, payload.email);
      if (!user || user.email !== payload.email) return { success: true as const };
      if (!user.verified) {
        await sendAccountCode(services, user, await pendingSignUpOrganization(db, user.id));
        return { success: true as const };
      }
      // A verified admin of a company still to verify gets that company's code (the /verify-organization screen).
      const unverified = await db
        .select({ org: organizations })
        .from(memberships)
        .innerJoin(organizations, eq(memberships.organizationId, organizations.id))
        .where(and(eq(memberships.userId, user.id), eq(memberships.role, 'admin'), eq(organizations.verified, false)));
      for (const { org } of unverified) {
        const code = await issueOtp(db, 'verify-organization', { userId: user.id, organizationId: org.id }, CODE_LIFETIMES.verifyOrganization);
        mailer.queue(organizationCodeMail(user.email, org.company, code, `${config.publicUrl}/verify-organization/${encodeURIComponent(org.orgId)}`));
      }
      return { success: true as const };
    },

    async activateOrganization(payload, ctx) {
      const [found] = await db
        .select({ org: organizations, role: memberships.role })
        .from(organizations)
        .leftJoin(memberships, and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, ctx.session.userId)))
        .where(eq(organizations.orgId, payload.orgId));
      if (!found || found.role !== 'admin') throw new CallError(ERROR_CODES.FORBIDDEN, 'Only an admin of this organization can verify it.');
      if (found.org.verified) return { success: true as const };
      const attempt = await codeAttempt(limiter, `otp:verify-organization:${ctx.session.userId}`);
      const check = await useOtp(db, 'verify-organization', { userId: ctx.session.userId, organizationId: found.org.id }, payload.otp);
      if (check.status === 'expired') throw await attempt.fail(MESSAGES.otpExpired);
      if (check.status !== 'ok') throw await attempt.fail();
      await db.update(organizations).set({ verified: true }).where(eq(organizations.id, found.org.id));
      await attempt.succeed();
      log.info('organization.verified', { orgId: found.org.orgId });
      return { success: true as const };
    },
  };
}
