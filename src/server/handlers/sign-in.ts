import { toPlanAccess } from '../../shared/products';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { workspaceOf } from '../accounts/queries';
import { auditedPasswordCheck, recordAudit } from '../audit/audit-log';
import { checkCredentials } from '../auth/credentials';
import { withLoginFacts } from '../auth/device';
import { unlockWithLink } from '../auth/lockout';
import { mfaStateOf } from '../auth/mfa';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';
import { passwordFactor } from '../sign-in/first-factor';
import { openPortalSession } from '../sign-in/portal-session';
import { loginReplyOf, takeRequiredSteps } from '../sign-in/sign-in-flow';
import { resumeFromTicket, SIGN_IN_TICKET_EXPIRED } from '../sign-in/tickets';

/** The login reply of a sign-in whose second factor asked to trust the device: with the grant to redeem. */
const withDeviceGrant = <R extends object>(reply: R, passed: { deviceGrant?: string }): R => (passed.deviceGrant ? { ...reply, deviceGrant: passed.deviceGrant } : reply);

/**
 * Sign-in: login (the password as first factor), continueSignIn (a ticket's second factor), authenticate, logout,
 * and unlockAccount (the owner's link after a lock). The steps after the first factor are src/server/sign-in's.
 */
export function signInHandlers(services: Services): HandlerMap {
  const { db, sessions, log, config, cache } = services;
  return {
    async login(payload, ctx) {
      const identifier = payload.identifier ?? payload.email ?? '';
      const origin = withLoginFacts(ctx.origin, payload);
      const user = await auditedPasswordCheck(services, identifier, origin, checkCredentials(db, identifier, payload.password));
      // The password is right: its budget is given back now, whatever the second factor does next.
      await ctx.settle('password');
      const result = await takeRequiredSteps(services, { ...ctx, origin }, passwordFactor(user), payload);
      if (result.step !== 'passed') return loginReplyOf(result);
      return withDeviceGrant(await openPortalSession(services, { ...ctx, origin }, result, { via: 'password' }), result);
    },

    async continueSignIn(payload, ctx) {
      const origin = payload.platform ? withLoginFacts(ctx.origin, { platform: payload.platform, appVersion: payload.appVersion }) : ctx.origin;
      const factor = await resumeFromTicket(services, payload.ticket);
      const result = await takeRequiredSteps(services, { ...ctx, origin }, factor, payload);
      if (result.step !== 'passed') return loginReplyOf(result);
      // A ticket opens a session only through a second factor checked now: never by itself (a policy dropped since,
      // or a device trusted since, means a new sign-in, whose first factor then suffices).
      if (!result.secondFactorChecked) throw new CallError(ERROR_CODES.UNAUTHENTICATED, SIGN_IN_TICKET_EXPIRED);
      return withDeviceGrant(await openPortalSession(services, { ...ctx, origin }, result, { via: factor.method }), result);
    },

    async authenticate(_payload, { user, ip }) {
      const { all, active } = await workspaceOf(cache, db, user, ip);
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
