import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { toPlanAccess } from '../../../shared/products';
import { MESSAGES } from '../../../shared/validation/messages';
import { companyRequiresMfa, findUserById, findUserByIdentifier, membershipsOf, pickActive, reachableMemberships } from '../../accounts/queries';
import { verifyPassword } from '../../auth/passwords';
import { SIGN_IN_LIMITS } from '../../auth/rate-limit';
import { TokenError } from '../../auth/sessions';
import type { Services } from '../../services';
import type { HandlerMap } from '../register';
import { pendingSignUpOrganization, sendAccountCode } from './sign-up';

/** 429 with the wait in whole minutes for people, and in seconds for clients. */
export function tooManyAttempts(seconds: number): CallError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new CallError(
    ERROR_CODES.TOO_MANY_ATTEMPTS,
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfter: seconds },
  );
}

/** Sign-in flow: login, authenticate, logout. */
export function signInHandlers(services: Services): HandlerMap {
  const { db, sessions, limiter, log, config } = services;
  return {
    async login(payload, ctx) {
      const identifier = (payload.identifier ?? payload.email ?? '').trim().toLowerCase();
      const identifierKey = `sign-in:identifier:${identifier}`;
      const addressKey = `sign-in:address:${ctx.ip ?? 'unknown'}`;
      const wait = Math.max(await limiter.retryAfter(identifierKey), await limiter.retryAfter(addressKey));
      if (wait > 0) throw tooManyAttempts(wait);

      const user = await findUserByIdentifier(db, identifier);
      // An account is limited as a whole too, so its email and user name do not give two budgets of guesses.
      const accountKey = user ? `sign-in:account:${user.id}` : null;
      const accountWait = accountKey ? await limiter.retryAfter(accountKey) : 0;
      if (accountWait > 0) throw tooManyAttempts(accountWait);
      const passwordOk = await verifyPassword(user?.passwordHash || null, payload.password);
      if (!user || !passwordOk) {
        const locked = Math.max(
          await limiter.fail(identifierKey, SIGN_IN_LIMITS.identifier),
          accountKey ? await limiter.fail(accountKey, SIGN_IN_LIMITS.identifier) : 0,
          await limiter.fail(addressKey, SIGN_IN_LIMITS.address),
        );
        log.warn('sign-in.failed', { ip: ctx.ip, locked: locked > 0 });
        // One answer for an unknown account and a wrong password.
        if (locked > 0) throw tooManyAttempts(locked);
        throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidCredentials);
      }
      await limiter.clear(identifierKey);
      await limiter.clear(accountKey!);

      if (!user.verified) {
        // The right password proves who asks, so a fresh code goes out for the Verify Your Email screen.
        await sendAccountCode(services, user, await pendingSignUpOrganization(db, user.id));
        log.info('sign-in.unverified', { userId: user.id });
        return { activateAccount: true, email: user.email };
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
      const active = pickActive(user, await reachableMemberships(db, user.id, ctx.ip));
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
