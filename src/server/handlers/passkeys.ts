import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { PasskeySummary } from '../../shared/protocol/passkey-schemas';
import { recordAudit } from '../audit/audit-log';
import { withLoginFacts } from '../auth/device';
import { authenticationOptions, hasPasskey, listPasskeys, registerPasskey, registrationOptions, relyingParty, removePasskey, renamePasskey, verifyAssertion, type PasskeyRow } from '../auth/passkeys';
import { NOTICE_LIFETIME_SECONDS } from '../mail/mailer';
import { passkeyNoticeMail } from '../mail/templates';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';
import type { CallOrigin } from '../auth/device';
import { issueDesktopPasskeyCode, redeemDesktopPasskeyCode } from '../sign-in/desktop-passkey';
import { passkeyFactor, type FirstFactor, type FirstFactorMethod } from '../sign-in/first-factor';
import { openPortalSession } from '../sign-in/portal-session';
import { loginReplyOf, takeRequiredSteps } from '../sign-in/sign-in-flow';
import { mailLanguage } from '../mail/templates';

const GONE = 'This passkey has already been removed.';
const SIGNED_IN_ALREADY = 'You are signed in already.';
const PASSKEY_TWICE = 'You signed in with a passkey: enter the code as your second factor.';

/** The RFC 8176 reference of each first factor, for a sign-in that adds a passkey as its second. */
const FIRST_AMR: Record<FirstFactorMethod, string> = { password: 'pwd', microsoft: 'fed', passkey: 'hwk', company: 'fed' };
/** Whatever was wrong (an unknown credential, a bad signature, a used or expired challenge): one sentence, no account named. */
export const PASSKEY_REFUSED = 'This passkey could not sign you in. Try again, or sign in with your password.';

const summary = (row: PasskeyRow): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/**
 * /account/passkeys (register, list, rename and remove one's own passkeys), and signing in with one: the passkey is the
 * first factor, and the account goes through the sign-in's required steps like any other way in (src/server/sign-in).
 * Domain: auth/passkeys.ts.
 */
export function passkeyHandlers(services: Services): HandlerMap {
  const { db, mailer, log } = services;
  const rp = relyingParty(services.config.publicUrl);
  /** A first-factor assertion checked, or the one sentence of every refusal (only a known account's log hears why). */
  async function signInAssertion(payload: { challengeId: string; response: Parameters<typeof verifyAssertion>[2]['response'] }, origin: CallOrigin) {
    const verified = await verifyAssertion(db, rp, { challengeId: payload.challengeId, purpose: 'sign-in', binding: 'attempt', response: payload.response });
    if (verified.ok) return verified;
    log.info('passkey.refused', { reason: verified.reason });
    // After the reply: the caller learns nothing of whose it was.
    const { userId } = verified;
    if (userId) services.background.run('audit', () => recordAudit(db, userId, { kind: 'sign-in-failed', detail: 'passkey refused', origin }));
    throw new CallError(ERROR_CODES.FORBIDDEN, PASSKEY_REFUSED);
  }

  return {
    async getPasskeyRegistrationOptions(_payload, { user, session }) {
      const { challengeId, options } = await registrationOptions(db, rp, user, { sessionId: session.sessionId });
      return { challengeId, options: { ...options } };
    },

    async registerPasskey(payload, ctx) {
      const row = await registerPasskey(db, rp, ctx.user, { sessionId: ctx.session.sessionId }, payload);
      await mailer.enqueue(db, passkeyNoticeMail(mailLanguage(ctx.user.language, ctx.language), ctx.user.email, ctx.user.firstName, 'added', row.name), NOTICE_LIFETIME_SECONDS);
      await recordAudit(db, ctx.user.id, { kind: 'passkey-added', detail: row.name, origin: ctx.origin, sessionId: ctx.session.sessionId });
      log.info('passkey.added', { userId: ctx.user.id, passkeyId: row.id, deviceType: row.deviceType });
      return { passkey: summary(row) };
    },

    async getPasskeyList(_payload, { user }) {
      return { list: (await listPasskeys(db, user.id)).map(summary) };
    },

    async renamePasskey(payload, { user }) {
      const row = await renamePasskey(db, user.id, payload.passkeyId, payload.name);
      if (!row) throw new CallError(ERROR_CODES.NOT_FOUND, GONE);
      return { passkey: summary(row) };
    },

    async getPasskeySignInOptions() {
      const { challengeId, options } = await authenticationOptions(db, rp, { purpose: 'sign-in' });
      return { challengeId, options: { ...options } };
    },

    async passkeyLogin(payload, ctx) {
      const origin = withLoginFacts(ctx.origin, { platform: payload.platform ?? 'web', appVersion: payload.appVersion });
      const verified = await signInAssertion(payload, origin);
      const flow = await takeRequiredSteps(services, { ...ctx, origin }, passkeyFactor(verified.user, verified.userVerified), {});
      if (flow.step !== 'passed') return loginReplyOf(flow);
      return openPortalSession(services, { ...ctx, origin }, flow, { via: 'passkey', userVerified: verified.userVerified });
    },

    async passkeyDesktopCode(payload, ctx) {
      const verified = await signInAssertion(payload, ctx.origin);
      log.info('passkey.desktop-code', { userId: verified.user.id });
      return { code: issueDesktopPasskeyCode(services, verified.user, verified.userVerified, payload.codeChallenge) };
    },

    async passkeyDesktopLogin(payload, ctx) {
      const origin = withLoginFacts(ctx.origin, { platform: payload.platform ?? 'desktop', appVersion: payload.appVersion });
      const factor = await redeemDesktopPasskeyCode(services, payload.code, payload.codeVerifier);
      const flow = await takeRequiredSteps(services, { ...ctx, origin }, factor, {});
      if (flow.step !== 'passed') return loginReplyOf(flow);
      return openPortalSession(services, { ...ctx, origin }, flow, { via: 'passkey', userVerified: factor.multiFactor, systemBrowser: true });
    },

    async getPasskeySecondFactorOptions(_payload, ctx) {
      if (!ctx.viaLoginDetails) throw new CallError(ERROR_CODES.BAD_REQUEST, SIGNED_IN_ALREADY);
      // A sign-in begun with a passkey (without user verification) passes its second factor with a code, not a passkey again.
      if (ctx.signingIn?.method === 'passkey' || !(await hasPasskey(db, ctx.user.id))) return { ceremony: null };
      const { challengeId, options } = await authenticationOptions(db, rp, { purpose: 'second-factor', userId: ctx.user.id, binding: 'attempt' });
      return { ceremony: { challengeId, options: { ...options } } };
    },

    async passkeySecondFactor(payload, ctx) {
      if (!ctx.viaLoginDetails || !ctx.signingIn) throw new CallError(ERROR_CODES.BAD_REQUEST, SIGNED_IN_ALREADY);
      if (ctx.signingIn.method === 'passkey') throw new CallError(ERROR_CODES.BAD_REQUEST, PASSKEY_TWICE);
      const origin = payload.platform ? withLoginFacts(ctx.origin, { platform: payload.platform, appVersion: payload.appVersion }) : ctx.origin;
      await ctx.spend('secondFactor', ctx.user.id);
      const verified = await verifyAssertion(db, rp, { challengeId: payload.challengeId, purpose: 'second-factor', binding: 'attempt', response: payload.response });
      if (!verified.ok || verified.user.id !== ctx.user.id) {
        log.info('passkey.refused', { reason: verified.ok ? 'another-account' : verified.reason, secondFactor: true });
        await recordAudit(db, ctx.user.id, { kind: 'sign-in-failed', detail: 'passkey refused as second factor', origin });
        throw new CallError(ERROR_CODES.FORBIDDEN, PASSKEY_REFUSED);
      }
      const { detail } = ctx.signingIn;
      const method = ctx.signingIn.method as FirstFactorMethod;
      // The first factor and the passkey together: the required steps see two factors.
      const factor: FirstFactor = {
        user: ctx.user,
        method,
        amr: [...new Set([FIRST_AMR[method], 'hwk', 'mfa'])],
        multiFactor: true,
        detail: `${detail} and a passkey`,
        resendable: false,
      };
      const flow = await takeRequiredSteps(services, { ...ctx, origin }, factor, {});
      if (flow.step !== 'passed') return loginReplyOf(flow);
      return openPortalSession(services, { ...ctx, origin }, flow, { via: `${method}+passkey` });
    },

    async removePasskey(payload, ctx) {
      const row = await removePasskey(db, ctx.user.id, payload.passkeyId);
      if (!row) throw new CallError(ERROR_CODES.NOT_FOUND, GONE);
      await mailer.enqueue(db, passkeyNoticeMail(mailLanguage(ctx.user.language, ctx.language), ctx.user.email, ctx.user.firstName, 'removed', row.name), NOTICE_LIFETIME_SECONDS);
      await recordAudit(db, ctx.user.id, { kind: 'passkey-removed', detail: row.name, origin: ctx.origin, sessionId: ctx.session.sessionId });
      log.info('passkey.removed', { userId: ctx.user.id, passkeyId: row.id });
      return { success: true as const };
    },
  };
}
