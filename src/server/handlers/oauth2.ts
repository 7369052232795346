import type Provider from 'oidc-provider';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { findClientAppInfo } from '../oidc/adapter';
import { finishAppSignIn } from '../oidc/app-sign-in';
import { assertMaySignIn, findInteraction, SET_UP_SECOND_FACTOR_FIRST } from '../oidc/interactions';
import { auditedPasswordCheck, auditInsert, recordAudit } from '../audit/audit-log';
import { checkCredentials } from '../auth/credentials';
import { withLoginFacts } from '../auth/device';
import { defaultMfaType, mailLoginCode, mfaState, passSecondFactor } from '../auth/mfa';
import type { HttpHandlerMap } from '../pipeline/context';
import type { Services } from '../services';

const UNKNOWN_APP = 'This application is not registered with the portal.';

/**
 * The HTTP calls of third-party sign-in (spec 7): POST /oauth2/login, POST /oauth2/continue ("Continue as") and
 * GET /oauth2/app-info. They run through the call pipeline like socket events (the `password` budget is spent
 * before the handler, `secondFactor` and `codeMail` here), and finish oidc-provider's interaction.
 */
export function oauth2Handlers(services: Services, provider: Provider): HttpHandlerMap {
  const { db, log, sessions } = services;
  return {
    async oauth2Login({ query, body }, ctx) {
      // The link is checked before the password, but after the budget was spent: an expired link costs an attempt.
      const interaction = await findInteraction(provider, query);
      const origin = withLoginFacts(ctx.origin, { platform: body.platform });
      const user = await auditedPasswordCheck(services, body.email, origin, checkCredentials(db, body.email, body.password));
      await ctx.settle('password');
      const detail = `${String(interaction.params.client_id)}`;

      const mfa = await mfaState(services, user);
      const amr = ['pwd'];
      if (user.verified && mfa.required) {
        if (!mfa.setUp) throw new CallError(ERROR_CODES.FORBIDDEN, SET_UP_SECOND_FACTOR_FIRST);
        const type = defaultMfaType(mfa);
        if (body.otp === undefined) {
          // The first reply, and every resend (the screen's 5-second countdown), mails a fresh code.
          if (type === 1) {
            await ctx.spend('codeMail', user.id);
            await mailLoginCode(services, user);
          }
          return { isMultiFactorAuth: true };
        }
        await ctx.spend('secondFactor', user.id);
        try {
          await passSecondFactor(services, user, mfa, type, body.otp);
        } catch (error) {
          if (error instanceof CallError && error.code === ERROR_CODES.FORBIDDEN) {
            await recordAudit(db, user.id, { kind: 'sign-in-failed', detail: `wrong second-factor code for ${detail}`, origin });
          }
          throw error;
        }
        amr.push(type === 1 ? 'otp' : 'mfa');
      }
      assertMaySignIn(user);
      // One sign-in for the suite: the portal session opens too, and the screen keeps its token (app-sign-in.ts finishes).
      const { token, sessionId } = await sessions.open(user.id, origin, (id) => auditInsert(db, user.id, { kind: 'sign-in', detail: `to the application ${detail}`, origin, sessionId: id }));
      const reply = await finishAppSignIn(services, provider, interaction, user, { ip: ctx.ip, origin, amr, sessionId });
      log.info('oauth2.signed-in', { userId: user.id, clientId: detail, finished: reply.redirect_uri !== undefined });
      return { ...reply, token, email: user.email };
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
