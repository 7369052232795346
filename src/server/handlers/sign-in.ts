import { toPlanAccess } from '../../shared/products';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { cachedMembershipsOf, pickActive, reachableFrom } from '../accounts/queries';
import { pendingSignUpOrganization, sendAccountCode } from '../accounts/verification';
import { auditedPasswordCheck, auditInsert, recordAudit } from '../audit/audit-log';
import { checkCredentials } from '../auth/credentials';
import { withLoginFacts } from '../auth/device';
import { unlockWithLink } from '../auth/lockout';
import { defaultMfaType, mailLoginCode, mfaState, mfaStateOf, passSecondFactor, secondFactorReply } from '../auth/mfa';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/** The second-factor codes by MFAType, as the audit log names them. */
const FACTOR_CODES = { 1: 'work email code', 2: 'authenticator code' } as const;

/** Sign-in flow: login, authenticate, logout, and unlockAccount (the owner's link after a lock). */
export function signInHandlers(services: Services): HandlerMap {
  const { db, sessions, log, config, cache } = services;
  return {
    async login(payload, ctx) {
      const identifier = payload.identifier ?? payload.email ?? '';
      const origin = withLoginFacts(ctx.origin, payload);
      const user = await auditedPasswordCheck(services, identifier, origin, checkCredentials(db, identifier, payload.password));
      // The password is right: its budget is given back now, whatever the second factor does next.
      await ctx.settle('password');

      if (!user.verified) {
        // The right password proves who asks, so a fresh code goes out for the Verify Your Email screen.
        await sendAccountCode(services, user, await pendingSignUpOrganization(db, user.id));
        log.info('sign-in.unverified', { userId: user.id });
        return { activateAccount: true, email: user.email };
      }
      // Spec section 4: a company policy, or the user's own choice, puts a second factor between the password and the token.
      const mfa = await mfaState(services, user);
      const type = payload.MFAType ?? defaultMfaType(mfa);
      if (mfa.required) {
        if (!mfa.setUp) return secondFactorReply(mfa, user.email);
        if (payload.otp === undefined) {
          // The first reply (and a resend) mails a code when work email is the factor in play.
          if (type === 1 && mfa.usable.email) {
            await ctx.spend('codeMail', user.id);
            await mailLoginCode(services, user);
          }
          log.info('sign-in.second-factor', { userId: user.id, MFAType: type });
          return secondFactorReply(mfa, user.email, type);
        }
        await ctx.spend('secondFactor', user.id);
        try {
          await passSecondFactor(services, user, mfa, type, payload.otp);
        } catch (error) {
          if (error instanceof CallError && error.code === ERROR_CODES.FORBIDDEN) {
            await recordAudit(db, user.id, { kind: 'sign-in-failed', detail: `wrong ${FACTOR_CODES[type]}`, origin });
          }
          throw error;
        }
      }
      const detail = mfa.required ? `password and ${FACTOR_CODES[type]}` : 'password';
      const { token } = await sessions.open(user.id, origin, (sessionId) => auditInsert(db, user.id, { kind: 'sign-in', detail, origin, sessionId }));
      ctx.setToken(token);
      log.info('sign-in.succeeded', { userId: user.id, platform: payload.platform, forcedChange: user.mustChangePassword });
      if (user.mustChangePassword) return { token, aftrp: true, email: user.email };
      const active = pickActive(user, reachableFrom(await cachedMembershipsOf(cache, db, user.id), ctx.ip));
      return { token, email: user.email, planAccess: toPlanAccess(active?.org.plan ?? {}) };
    },

    async authenticate(_payload, { user, ip }) {
      const all = await cachedMembershipsOf(cache, db, user.id);
      const active = pickActive(user, reachableFrom(all, ip));
      const mfa = mfaStateOf(user, all);
      return {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        employeeCode: user.employeeCode,
        activeOrgId: active?.org.orgId ?? null,
        isAdmin: active?.role === 'admin',
        planAccess: toPlanAccess(active?.org.plan ?? {}),
        productAccess: active?.productAccess ?? [],
        S3_BASEURL: config.s3BaseUrl,
        // As in the login reply: a second factor is needed at sign-in (a company's or the user's own), and it is set up.
        isCompanyMFA: mfa.required,
        isUserMFASetup: mfa.setUp,
        aftrp: user.mustChangePassword,
      };
    },

    async logout(payload, ctx) {
      // Signed out here first, so this connection gets its reply rather than the "session ended" of the others.
      ctx.setToken(null);
      await sessions.revoke(ctx.session.sessionId, payload.device_token);
      await recordAudit(db, ctx.user.id, { kind: 'signed-out', origin: ctx.origin, sessionId: ctx.session.sessionId });
      log.info('sign-out', { userId: ctx.user.id, deviceToken: payload.device_token !== undefined });
      return { success: true as const };
    },

    async unlockAccount(payload, ctx) {
      await unlockWithLink(services, payload.code, ctx.origin);
      return { success: true as const };
    },
  };
}
