import { CallError, ERROR_CODES } from '../../shared/protocol';
import { withLoginFacts } from '../auth/device';
import { MICROSOFT_MESSAGES } from '../microsoft/microsoft-sign-in';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';
import { microsoftFactor } from '../sign-in/first-factor';
import { openPortalSession } from '../sign-in/portal-session';
import { loginReplyOf, takeRequiredSteps } from '../sign-in/sign-in-flow';

/**
 * msLogin: the end of a Microsoft sign-in (spec section 4). Microsoft is the first factor; the required steps follow
 * as after a password: verification, and the portal's own second factor when one is required and Microsoft did not
 * report one (`amr` with `mfa`). With no password to send again, that step's reply carries a sign-in ticket, which
 * `continueSignIn` and the setup screens take.
 */
export function microsoftHandlers(services: Services): HandlerMap {
  const { microsoft } = services;
  return {
    async msLogin(payload, ctx) {
      if (!microsoft) throw new CallError(ERROR_CODES.NOT_FOUND, MICROSOFT_MESSAGES.notConfigured);
      const origin = withLoginFacts(ctx.origin, { platform: payload.platform ?? 'web', appVersion: payload.appVersion });
      const { user, identity, by } = await microsoft.finish(payload);
      const result = await takeRequiredSteps(services, { ...ctx, origin }, microsoftFactor(user, identity.multiFactor), {});
      if (result.step !== 'passed') return loginReplyOf(result);
      return openPortalSession(services, { ...ctx, origin }, result, { via: 'microsoft', matchedBy: by });
    },
  };
}
