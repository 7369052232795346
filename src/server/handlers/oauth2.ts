import type Provider from 'oidc-provider';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { findClientAppInfo } from '../oidc/adapter';
import { assertMaySignIn, finishInteraction, findInteraction, organizationFor, SET_UP_SECOND_FACTOR_FIRST, VERIFY_FIRST } from '../oidc/interactions';
import { auditedPasswordCheck, recordAudit } from '../audit/audit-log';
import { checkCredentials } from '../auth/credentials';
import { withLoginFacts } from '../auth/device';
import type { HttpHandlerMap } from '../pipeline/context';
import type { Services } from '../services';
import { passwordFactor } from '../sign-in/first-factor';
import { takeRequiredSteps } from '../sign-in/sign-in-flow';

const UNKNOWN_APP = 'This application is not registered with the portal.';

/**
 * The HTTP calls of third-party sign-in (spec 7): POST /oauth2/login, POST /oauth2/continue ("Continue as") and
 * GET /oauth2/app-info. They run through the call pipeline like socket events (the `password` budget is spent
 * before the handler, `secondFactor` and `codeMail` by the required steps), and finish oidc-provider's interaction.
 */
export function oauth2Handlers(services: Services, provider: Provider): HttpHandlerMap {
  const { db, log } = services;
  return {
    async oauth2Login({ query, body }, ctx) {
      // The link is checked before the password, but after the budget was spent: an expired link costs an attempt.
      const interaction = await findInteraction(provider, query);
      const origin = withLoginFacts(ctx.origin, { platform: body.platform });
      const user = await auditedPasswordCheck(services, body.email, origin, checkCredentials(db, body.email, body.password));
      await ctx.settle('password');
      const clientId = String(interaction.params.client_id);

      // The same required steps as the portal's sign-in; the Authorize screen sends the password again with the code.
      const result = await takeRequiredSteps(services, { ...ctx, origin }, passwordFactor(user), { otp: body.otp }, 'app');
      if (result.step === 'verify-email') throw new CallError(ERROR_CODES.FORBIDDEN, VERIFY_FIRST);
      if (result.step === 'second-factor') {
        if (!result.mfa.setUp) throw new CallError(ERROR_CODES.FORBIDDEN, SET_UP_SECOND_FACTOR_FIRST);
        return { isMultiFactorAuth: true };
      }
      assertMaySignIn(user);
      const orgId = await organizationFor(services, user, ctx.ip, query.orgId, query.client_id);
      const redirect = await finishInteraction(services, provider, interaction, user, orgId, result.amr);
      await recordAudit(db, user.id, { kind: 'sign-in', detail: `to the application ${clientId} with ${result.detail}`, origin });
      log.info('oauth2.signed-in', { userId: user.id, clientId, orgId });
      return { redirect_uri: redirect };
    },

    async oauth2Continue({ query }, ctx) {
      const interaction = await findInteraction(provider, query);
      assertMaySignIn(ctx.user);
      const orgId = await organizationFor(services, ctx.user, ctx.ip, query.orgId, query.client_id);
      const redirect = await finishInteraction(services, provider, interaction, ctx.user, orgId, ['pwd']);
      await recordAudit(db, ctx.user.id, { kind: 'sign-in', detail: `to the application ${String(interaction.params.client_id)} with the portal session`, origin: ctx.origin });
      return { redirect_uri: redirect };
    },

    async oauth2AppInfo({ query }) {
      const client = await findClientAppInfo(db, query.client_id);
      if (!client) throw new CallError(ERROR_CODES.NOT_FOUND, UNKNOWN_APP);
      return { client_name: client.name, client_logo: client.logoUrl };
    },
  };
}
