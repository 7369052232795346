import { and, eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { COUNTRIES } from '../../shared/reference/countries';
import { MESSAGES } from '../../shared/validation/messages';
import { findUserByIdentifier, NO_ACCOUNT } from '../accounts/queries';
import { createCompany } from '../accounts/sign-up';
import { resendCodes, sendAccountCode } from '../accounts/verification';
import { mfaState } from '../auth/mfa';
import { useOtp } from '../auth/one-time-codes';
import { memberships, organizations, users } from '../db/schema';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';
import { recordAudit } from '../audit/audit-log';

/** Company sign-up and verification: addressParams, checkEmailExistense, signUp, activateAccount, resendOTP, activateOrganization. */
export function signUpHandlers(services: Services): HandlerMap {
  const { db, sessions, log, limiter, background } = services;

  return {
    async addressParams() {
      return { results: [...COUNTRIES] };
    },

    // The spec's one deliberate exception to "never say whether an address has an account": sign-up asks it.
    // Its budget is per client address, so it cannot be used to test a list of addresses.
    async checkEmailExistense(payload) {
      return { exists: (await findUserByIdentifier(db, payload.email)) !== null };
    },

    async signUp(payload) {
      if (await findUserByIdentifier(db, payload.email)) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.emailExists);
      const created = await createCompany(db, payload);
      await sendAccountCode(services, created.user, created.organizationId);
      log.info('sign-up.created', { userId: created.user.id, orgId: created.orgId });
      return { success: true as const, email: created.user.email };
    },

    async activateAccount(payload, ctx) {
      const found = await findUserByIdentifier(db, payload.email);
      // An unknown address and an already verified one are checked against no code, with the same statements as a
      // waiting account, and answer like a wrong code: no stranger learns which exists.
      const user = found && !found.verified && found.email === payload.email ? found : null;
      const check = await useOtp(db, 'verify-account', { userId: user?.id ?? NO_ACCOUNT }, payload.otp);
      if (user && check.status === 'expired') throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.otpExpired);
      if (!user || check.status !== 'ok') throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidOtp);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ verified: true }).where(eq(users.id, user.id));
        // The code proves the admin owns the address, which is all that verifying the company they signed up proves.
        if (check.row.organizationId) await tx.update(organizations).set({ verified: true }).where(eq(organizations.id, check.row.organizationId));
      });
      // The mailed code proves the address, not the second factor a company may demand: no session until it is passed.
      if ((await mfaState(services, user)).required) {
        log.info('account.verified', { userId: user.id, secondFactorRequired: true });
        return { email: user.email, isCompanyMFA: true };
      }
      const { token, sessionId } = await sessions.open(user.id, ctx.origin);
      ctx.setToken(token);
      await recordAudit(db, user.id, { kind: 'sign-in', detail: 'email verification code', origin: ctx.origin, sessionId });
      log.info('account.verified', { userId: user.id });
      return { token, email: user.email };
    },

    // The same reply and the same work for every address; codes for an existing account go out in the background.
    async resendOTP(payload) {
      const user = await findUserByIdentifier(db, payload.email);
      if (user && user.email === payload.email) {
        background.run('resend-otp', async () => {
          if (await limiter.mayMail(user.email, 'verification')) await resendCodes(services, user);
        });
      }
      return { success: true as const };
    },

    async activateOrganization(payload, ctx) {
      const [found] = await db
        .select({ org: organizations, role: memberships.role })
        .from(organizations)
        .leftJoin(memberships, and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, ctx.user.id)))
        .where(eq(organizations.orgId, payload.orgId));
      if (!found || found.role !== 'admin') throw new CallError(ERROR_CODES.FORBIDDEN, 'Only an admin of this organization can verify it.');
      // Nothing to verify: any code would otherwise seem to "work".
      if (found.org.verified) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.organizationAlreadyVerified);
      await ctx.spend('organizationCode', ctx.user.id);
      const check = await useOtp(db, 'verify-organization', { userId: ctx.user.id, organizationId: found.org.id }, payload.otp);
      if (check.status === 'expired') throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.otpExpired);
      if (check.status !== 'ok') throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidOtp);
      await db.update(organizations).set({ verified: true }).where(eq(organizations.id, found.org.id));
      log.info('organization.verified', { orgId: found.org.orgId });
      return { success: true as const };
    },
  };
}
