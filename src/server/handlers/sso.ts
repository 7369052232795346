import { withLoginFacts } from '../auth/device';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';
import { companyFactor } from '../sign-in/first-factor';
import { openPortalSession } from '../sign-in/portal-session';
import { loginReplyOf, takeRequiredSteps } from '../sign-in/sign-in-flow';
import { ssoStartPath } from '../../shared/protocol/http';
import { verifierBinding } from '../sso/attempts';

/**
 * A company's own identity provider on the sign-in page (issue 25): discoverSignIn (by an address's domain alone) and
 * ssoLogin (the end of a company sign-in: its hand-off, in the browser that started it). The company is the first
 * factor; the required steps follow as for every way in (its `amr` with `mfa` counts as the second factor).
 */
export function ssoHandlers(services: Services): HandlerMap {
  const { sso } = services;
  return {
    async discoverSignIn(payload) {
      const found = payload.identifier.includes('@') ? await sso.discover(payload.identifier) : null;
      if (!found) return { sso: null };
      const query = new URLSearchParams({ connection: found.connectionId, login_hint: payload.identifier.toLowerCase() });
      return { sso: { company: found.company, url: `${ssoStartPath(found.orgId)}?${query}` } };
    },

    async ssoLogin(payload, ctx) {
      const origin = withLoginFacts(ctx.origin, { platform: payload.platform ?? 'web', appVersion: payload.appVersion });
      // The browser that started it (its cookie), or the desktop app that holds the verifier of its PKCE challenge.
      const binding = payload.codeVerifier ? verifierBinding(payload.codeVerifier) : ctx.ssoBinding;
      const { user, identity, org, connection, joined } = await sso.redeem(payload.handoff, binding, origin);
      const result = await takeRequiredSteps(services, { ...ctx, origin }, companyFactor(user, org.company, identity.multiFactor), {});
      if (result.step !== 'passed') return loginReplyOf(result);
      return openPortalSession(services, { ...ctx, origin }, result, { via: 'company', connectionId: connection.id, joined });
    },
  };
}
