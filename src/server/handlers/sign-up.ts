import { and, eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { COUNTRIES } from '../../shared/reference/countries';
import { MESSAGES } from '../../shared/validation/messages';
import { findUserByIdentifier } from '../accounts/queries';
import { createCompany } from '../accounts/sign-up';
import { resendCodes, sendAccountCode, verifyAccountWithCode } from '../accounts/verification';
import { mfaState } from '../auth/mfa';
import { useOtp } from '../auth/one-time-codes';
import { memberships, organizations } from '../db/schema';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';
import { recordAudit } from '../audit/audit-log';
import { openPortalSession } from '../sign-in/portal-session';

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

    async signUp(payload, ctx) {
      if (await findUserByIdentifier(db, payload.email)) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.emailExists);
      const created = await createCompany(db, payload);
      await sendAccountCode(services, created.user, created.organizationId, ctx.language);
      log.info('sign-up.created', { userId: created.user.id, orgId: created.orgId });
      return { success: true as const, email: created.user.email };
    },

    async activateAccount(payload, ctx) {
      const { user, choseFirstPassword } = await verifyAccountWithCode(db, payload).catch(async (error: unknown) => {
        // The one 400 it throws is "choose a password" after a right code: not a guess, so not counted against the address.
        if (error instanceof CallError && error.code === ERROR_CODES.BAD_REQUEST) await ctx.settle('emailCode');
        throw error;
      });
      if (choseFirstPassword) {
        // Like a reset by a mailed link: the password nobody knew is replaced, so no session made before stays.
        await sessions.revokeAllForUser(user.id);
        await recordAudit(db, user.id, { kind: 'password-changed', detail: 'first password chosen with the email verification code', origin: ctx.origin });
      }
      // The mailed code proves the address, not a second factor (a company's or the user's own): no session until it is passed.
      if ((await mfaState(services, user)).required) {
        log.info('account.verified', { userId: user.id, secondFactorRequired: true, choseFirstPassword });
        return { email: user.email, isCompanyMFA: true };
      }
      // The end of the sign-in queue's first step when no second factor follows: the session every way in opens.
      const { token } = await openPortalSession(services, ctx, { user, detail: 'email verification code' }, { via: 'email code' });
      log.info('account.verified', { userId: user.id, choseFirstPassword });
      return { token, email: user.email };
    },

    // The same reply and the same work for every address; codes for an existing account go out in the background.
    async resendOTP(payload) {
      const user = await findUserByIdentifier(db, payload.email);
      // resendCodes decides in the background what this account gets (an account code while it awaits verification
      // or its first password, an organization's code), so the call's work is the same for every address.
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
      const check = await useOtp(db, 'verify-organization', { userId: ctx.user.id, organizationId: found.org.id }, payload.otp);
      if (check.status === 'expired') throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.otpExpired);
      if (check.status !== 'ok') throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidOtp);
      await db.update(organizations).set({ verified: true }).where(eq(organizations.id, found.org.id));
      log.info('organization.verified', { orgId: found.org.orgId });
      return { success: true as const };
    },
  };
}
