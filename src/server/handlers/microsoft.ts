import { toPlanAccess } from '../../shared/products';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { cachedMembershipsOf, pickActive, reachableFrom } from '../accounts/queries';
import { pendingSignUpOrganization, sendAccountCode } from '../accounts/verification';
import { auditInsert, recordAudit } from '../audit/audit-log';
import { withLoginFacts } from '../auth/device';
import { mfaState } from '../auth/mfa';
import { MICROSOFT_MESSAGES } from '../microsoft/microsoft-sign-in';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/**
 * msLogin: the end of a Microsoft sign-in (spec section 4). The reply is a login reply with the outcomes of a
 * password sign-in: a session, a forced password change (aftrp) or account verification. When a second factor is
 * required (a company's policy, or one the user turned on) Microsoft's own is accepted: the ID token must report a
 * multi-factor sign-in (`amr` with `mfa`), else the sign-in is refused with a message saying so (a Microsoft sign-in has no portal password to hold for the
 * portal's second-factor screens).
 */
export function microsoftHandlers(services: Services): HandlerMap {
  const { db, sessions, log, cache, microsoft } = services;
  return {
    async msLogin(payload, ctx) {
      if (!microsoft) throw new CallError(ERROR_CODES.NOT_FOUND, MICROSOFT_MESSAGES.notConfigured);
      const origin = withLoginFacts(ctx.origin, { platform: payload.platform ?? 'web', appVersion: payload.appVersion });
      const { user, identity, by } = await microsoft.finish(payload);

      if (!user.verified) {
        await sendAccountCode(services, user, await pendingSignUpOrganization(db, user.id));
        log.info('sign-in.unverified', { userId: user.id, via: 'microsoft' });
        return { activateAccount: true, email: user.email };
      }
      const mfa = await mfaState(services, user);
      if (mfa.required && !identity.multiFactor) {
        await recordAudit(db, user.id, { kind: 'sign-in-failed', detail: 'Microsoft without a second factor', origin });
        throw new CallError(ERROR_CODES.FORBIDDEN, mfa.companyRequired ? MICROSOFT_MESSAGES.secondFactor : MICROSOFT_MESSAGES.ownSecondFactor);
      }
      const detail = mfa.required ? 'Microsoft with its second factor' : 'Microsoft';
      const { token } = await sessions.open(user.id, origin, (sessionId) => auditInsert(db, user.id, { kind: 'sign-in', detail, origin, sessionId }));
      ctx.setToken(token);
      log.info('sign-in.succeeded', { userId: user.id, via: 'microsoft', matchedBy: by, platform: payload.platform, forcedChange: user.mustChangePassword });
      if (user.mustChangePassword) return { token, aftrp: true, email: user.email };
      const active = pickActive(user, reachableFrom(await cachedMembershipsOf(cache, db, user.id), ctx.ip));
      return { token, email: user.email, planAccess: toPlanAccess(active?.org.plan ?? {}) };
    },
  };
}
