import type Provider from 'oidc-provider';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { findClientAppInfo } from '../oidc/adapter';
import { finishAppSignIn } from '../oidc/app-sign-in';
import { assertMaySignIn, findInteraction, SET_UP_SECOND_FACTOR_FIRST, VERIFY_FIRST } from '../oidc/interactions';
import { auditedPasswordCheck, recordAudit } from '../audit/audit-log';
import { checkCredentials } from '../auth/credentials';
import { withLoginFacts } from '../auth/device';
import type { HttpHandlerMap } from '../pipeline/context';
import type { Services } from '../services';
import { passwordFactor } from '../sign-in/first-factor';
import { startPortalSession } from '../sign-in/portal-session';
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
      const result = await takeRequiredSteps(services, { ...ctx, origin }, passwordFactor(user), { otp: body.otp, rememberDevice: body.rememberDevice }, 'app');
      // What the portal must do first: the screen links to it (`portalStep`), and comes back here after.
      if (result.step === 'verify-email') throw new CallError(ERROR_CODES.FORBIDDEN, VERIFY_FIRST, { portalStep: 'verify-email' });
      if (result.step === 'second-factor') {
        if (!result.mfa.setUp) throw new CallError(ERROR_CODES.FORBIDDEN, SET_UP_SECOND_FACTOR_FIRST, { portalStep: 'set-up-second-factor' });
        return { isMultiFactorAuth: true, mayTrustDevice: result.mfa.mayTrustDevice };
      }
      assertMaySignIn(user);
      // One sign-in for the suite: the portal session opens too, and the screen keeps its token (app-sign-in.ts finishes).
      const detail = `to the application ${clientId} with ${result.detail}`;
      const { token, sessionId } = await startPortalSession(services, { ...ctx, origin }, { user, detail }, { via: 'password', clientId });
      const reply = await finishAppSignIn(services, provider, interaction, user, { ip: ctx.ip, origin, amr: result.amr, sessionId });
      log.info('oauth2.signed-in', { userId: user.id, clientId, finished: reply.redirect_uri !== undefined });
      return { ...reply, token, email: user.email, ...(result.deviceGrant ? { deviceGrant: result.deviceGrant } : {}) };
    },

    async oauth2Continue({ query }, ctx) {
      const interaction = await findInteraction(provider, query);
      assertMaySignIn(ctx.user);
      const reply = await finishAppSignIn(services, provider, interaction, ctx.user, { ip: ctx.ip, origin: ctx.origin, amr: ['pwd'], sessionId: ctx.session.sessionId });
      await recordAudit(db, ctx.user.id, { kind: 'sign-in', detail: `to the application ${String(interaction.params.client_id)} with the portal session`, origin: ctx.origin });
      return reply;
    },

    async oauth2Consent({ query, body }, ctx) {
      const interaction = await findInteraction(provider, query);
      assertMaySignIn(ctx.user);
      return finishAppSignIn(services, provider, interaction, ctx.user, { ip: ctx.ip, origin: ctx.origin, amr: ['pwd'], sessionId: ctx.session.sessionId, decision: body.decision });
    },

    async oauth2AppInfo({ query }) {
      const client = await findClientAppInfo(db, query.client_id);
      if (!client) throw new CallError(ERROR_CODES.NOT_FOUND, UNKNOWN_APP);
      return { client_name: client.name, client_logo: client.logoUrl };
    },
  };
}
