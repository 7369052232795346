import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { toPlanAccess } from '../../../shared/products';
import { companyRequiresMfa, findUserById, membershipsOf, pickActive, reachableFrom, reachableMemberships } from '../../accounts/queries';
import { checkCredentials, tooManyAttempts } from '../../auth/credentials';
import { defaultMfaType, mailLoginCode, mfaState, passSecondFactor, secondFactorReply } from '../../auth/mfa';
import { TokenError } from '../../auth/sessions';
import type { Services } from '../../services';
import type { HandlerMap } from '../register';
import { pendingSignUpOrganization, sendAccountCode } from './sign-up';

export { tooManyAttempts };

/** Sign-in flow: login, authenticate, logout. */
export function signInHandlers(services: Services): HandlerMap {
  const { db, sessions, log, config } = services;
  return {
    async login(payload, ctx) {
      const user = await checkCredentials(services, payload.identifier ?? payload.email ?? '', payload.password, ctx.ip);

      if (!user.verified) {
        // The right password proves who asks, so a fresh code goes out for the Verify Your Email screen.
        await sendAccountCode(services, user, await pendingSignUpOrganization(db, user.id));
        log.info('sign-in.unverified', { userId: user.id });
        return { activateAccount: true, email: user.email };
      }
      // Spec section 4: a company policy puts a second factor between the password and the token.
      const mfa = await mfaState(db, user);
      if (mfa.required) {
        const type = payload.MFAType ?? defaultMfaType(mfa);
        if (!mfa.setUp) return secondFactorReply(mfa, user.email);
        if (payload.otp === undefined) {
          // The first reply (and a resend) mails a code when work email is the factor in play.
          if (type === 1 && mfa.usable.email) await mailLoginCode(services, user);
          log.info('sign-in.second-factor', { userId: user.id, MFAType: type });
          return secondFactorReply(mfa, user.email, type);
        }
        await passSecondFactor(services, user, mfa, type, payload.otp);
      }
      const { token } = await sessions.open(user.id, { ip: ctx.ip, userAgent: ctx.userAgent });
      ctx.setToken(token);
      log.info('sign-in.succeeded', { userId: user.id, platform: payload.platform, forcedChange: user.mustChangePassword });
      if (user.mustChangePassword) return { token, aftrp: true, email: user.email };
      const active = pickActive(user, await reachableMemberships(db, user.id, ctx.ip));
      return { token, email: user.email, planAccess: toPlanAccess(active?.org.plan ?? {}) };
    },

    async authenticate(payload, ctx) {
      let userId: string;
      try {
        const session = await sessions.resolve(payload.token);
        if (session.kind !== 'user') throw new TokenError('malformed');
        userId = session.userId;
      } catch (error) {
        if (error instanceof TokenError) throw new CallError(ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.');
        throw error;
      }
      const user = await findUserById(db, userId);
      if (!user) throw new CallError(ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.');
      ctx.setToken(payload.token);
      const all = await membershipsOf(db, user.id);
      const active = pickActive(user, reachableFrom(all, ctx.ip));
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
        isCompanyMFA: companyRequiresMfa(all),
        isUserMFASetup: user.mfaEmail || user.mfaAuthenticatorApp,
        aftrp: user.mustChangePassword,
      };
    },

    async logout(payload, ctx) {
      await sessions.revoke(ctx.session.sessionId);
      if (payload.device_token) await sessions.forgetDeviceToken(payload.device_token);
      ctx.setToken(null);
      log.info('sign-out', { userId: ctx.session.userId, deviceToken: payload.device_token !== undefined });
      return { success: true as const };
    },
  };
}
