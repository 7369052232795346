import { revokeTrustedDevices } from '../sign-in/trusted-devices';
import { eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { MESSAGES } from '../../shared/validation/messages';
import { recordAudit } from '../audit/audit-log';
import { mfaState, type MfaState } from '../auth/mfa';
import { openSecret, sealSecret } from '../auth/mfa-secrets';
import { hashRecoveryCode, newRecoveryCode, spendRecoveryCode } from '../auth/recovery-codes';
import { matchTotp, newTotpSecret, otpauthUri } from '../auth/totp';
import { users } from '../db/schema';
import { NOTICE_LIFETIME_SECONDS } from '../mail/mailer';
import { secondFactorNoticeMail } from '../mail/templates';
import type { HandlerMap, UserOrLoginContext } from '../pipeline/context';
import type { Services } from '../services';
import { openPortalSession } from '../sign-in/portal-session';
import { mailLanguage } from '../mail/templates';

const ALREADY_SET_UP = 'Multi-factor authentication is already set up. Sign in with your second factor (or a recovery code) to change it.';

const normalizeSecret = (secret: string) => secret.replace(/\s/g, '').toUpperCase();

const NOT_OFFERED = 'Your company does not offer this second factor.';

/**
 * Held login details prove the password only. They may make a FIRST setup (the company demands one before any
 * token), but never replace a second factor already set up: changing one needs a session, which needs that factor.
 */
function mayChange(ctx: UserOrLoginContext, state: MfaState): void {
  if (ctx.viaLoginDetails && state.setUp) throw new CallError(ERROR_CODES.FORBIDDEN, ALREADY_SET_UP);
}

/**
 * The setting `hrms|master|MFA|setup` may save. With a company policy its factors decide: at least one of them, and
 * no factor turned on that it does not offer (one the user turned on for themselves before may stay on). Without one,
 * the user's own choice, none included. Held login details only add: a factor already on stays on.
 */
function settingToSave(ctx: UserOrLoginContext, state: MfaState, asked: { isEmailMFA: boolean; isAuthenticatorAppMFA: boolean }) {
  const kept = ctx.viaLoginDetails ? state.own : { email: false, app: false };
  const email = asked.isEmailMFA || kept.email;
  const app = asked.isAuthenticatorAppMFA || kept.app;
  if (!state.companyRequired) return { email, app };
  if ((asked.isEmailMFA && !state.company.email && !state.own.email) || (asked.isAuthenticatorAppMFA && !state.company.app && !state.own.app)) {
    throw new CallError(ERROR_CODES.BAD_REQUEST, NOT_OFFERED, { fields: ['MFA'] });
  }
  if (!(email && state.company.email) && !(app && state.company.app)) {
    const offered = [state.company.email ? 'work email' : null, state.company.app ? 'the authenticator app' : null].filter(Boolean).join(' or ');
    throw new CallError(ERROR_CODES.BAD_REQUEST, email || app ? `Your company asks for ${offered}.` : 'Choose work email, the authenticator app, or both.', { fields: ['MFA'] });
  }
  return { email, app };
}

/** hrms|master|MFA|read, generateQRCode, verify and setup, with a session or with held login details. */
export function multiFactorHandlers(services: Services): HandlerMap {
  const { db, mfaKey, log, mailer } = services;

  /** With held login details (the password or a ticket), a passed second factor ends in a session; `how` names it. */
  const signInIf = async (ctx: UserOrLoginContext, how: string): Promise<string | undefined> => {
    if (!ctx.viaLoginDetails) return undefined;
    const detail = `${ctx.signingIn?.detail ?? 'password'} and ${how}`;
    const { token } = await openPortalSession(services, ctx, { user: ctx.user, detail }, { via: ctx.signingIn?.method ?? 'password', at: 'multi-factor' });
    return token;
  };

  return {
    async 'hrms|master|MFA|read'(_payload, { user }) {
      const state = await mfaState(services, user);
      return {
        MFA: { isEmailMFA: user.mfaEmail, isAuthenticatorAppMFA: user.mfaAuthenticatorApp && user.mfaSecret !== null },
        company: { isEmailMFA: state.company.email, isAuthenticatorAppMFA: state.company.app },
      };
    },

    async 'hrms|master|MFA|generateQRCode'(_payload, ctx) {
      const { user } = ctx;
      mayChange(ctx, await mfaState(services, user));
      const secret = newTotpSecret();
      const recoveryCode = newRecoveryCode();
      // Pending until setup saves it: the secret in force keeps working meanwhile.
      await db
        .update(users)
        .set({ mfaPendingSecret: sealSecret(mfaKey, secret, user.id), mfaPendingRecoveryHash: hashRecoveryCode(recoveryCode), mfaPendingStep: null })
        .where(eq(users.id, user.id));
      // qrcode is loaded when a first authenticator is set up, not at start.
      const { default: QRCode } = await import('qrcode');
      const MFAQrCode = await QRCode.toDataURL(otpauthUri(user.email, secret), { errorCorrectionLevel: 'M', margin: 1, width: 200 });
      return { MFAQrCode, MFASecretKey: secret, recoveryCode };
    },

    async 'hrms|master|MFA|verify'(payload, ctx) {
      const { user } = ctx;
      if ('recoveryCode' in payload) {
        // A recovery code stands in for the second factor: with the password (held details) it is a full sign-in.
        await ctx.spend('recoveryCode', user.id);
        const fresh = await spendRecoveryCode(db, user.id, payload.recoveryCode);
        if (!fresh) {
          if (ctx.viaLoginDetails) await recordAudit(db, user.id, { kind: 'sign-in-failed', detail: 'wrong recovery code', origin: ctx.origin });
          throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidRecoveryCode);
        }
        await mailer.enqueue(db, secondFactorNoticeMail(mailLanguage(user.language, ctx.language), user.email, user.firstName, { kind: 'recoveryCodeUsed' }), NOTICE_LIFETIME_SECONDS);
        await recordAudit(db, user.id, { kind: 'recovery-code-used', detail: 'in place of the second factor', origin: ctx.origin, sessionId: ctx.session?.sessionId });
        log.info('mfa.recovery-code-used', { userId: user.id });
        return { success: true as const, recoveryCode: fresh, token: await signInIf(ctx, 'recovery code') };
      }
      mayChange(ctx, await mfaState(services, user));
      await ctx.spend('secondFactor', user.id);
      const pending = user.mfaPendingSecret ? openSecret(mfaKey, user.mfaPendingSecret, user.id) : null;
      if (!pending || pending !== normalizeSecret(payload.MFASecretKey)) {
        throw new CallError(ERROR_CODES.BAD_REQUEST, 'This secret key is not the one generated last. Generate a new QR code.');
      }
      const step = matchTotp(pending, payload.otp, Date.now(), null);
      if (step === null) throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidOtp);
      await db.update(users).set({ mfaPendingStep: step }).where(eq(users.id, user.id));
      return { success: true as const };
    },

    async 'hrms|master|MFA|setup'(payload, ctx) {
      const { user } = ctx;
      const state = await mfaState(services, user);
      mayChange(ctx, state);
      const { MFASecretKey } = payload.MFA;
      const { email: isEmailMFA, app: isAuthenticatorAppMFA } = settingToSave(ctx, state, payload.MFA);
      const adopting = payload.MFA.isAuthenticatorAppMFA && MFASecretKey !== undefined && MFASecretKey !== '';
      // A password alone never replaces an authenticator the user has, even one a company policy does not use.
      if (adopting && ctx.viaLoginDetails && state.own.app) throw new CallError(ERROR_CODES.FORBIDDEN, ALREADY_SET_UP);
      if (adopting) {
        const pending = user.mfaPendingSecret ? openSecret(mfaKey, user.mfaPendingSecret, user.id) : null;
        if (!pending || pending !== normalizeSecret(MFASecretKey) || user.mfaPendingStep === null) {
          throw new CallError(ERROR_CODES.BAD_REQUEST, 'Verify a code from the authenticator app first.', { fields: ['MFA.MFASecretKey'] });
        }
      } else if (isAuthenticatorAppMFA && user.mfaSecret === null) {
        throw new CallError(ERROR_CODES.BAD_REQUEST, 'Scan the QR code and verify a code first.', { fields: ['MFA.MFASecretKey'] });
      }
      const authenticator = adopting
        ? { mfaSecret: user.mfaPendingSecret, mfaLastStep: user.mfaPendingStep, mfaRecoveryHash: user.mfaPendingRecoveryHash }
        : isAuthenticatorAppMFA
          ? {}
          : { mfaSecret: null, mfaLastStep: null, mfaRecoveryHash: null };
      await db
        .update(users)
        .set({
          mfaEmail: isEmailMFA,
          mfaAuthenticatorApp: isAuthenticatorAppMFA,
          ...authenticator,
          mfaPendingSecret: null,
          mfaPendingRecoveryHash: null,
          mfaPendingStep: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      // A device trusted under the old second factor skips it no more.
      await revokeTrustedDevices(db, user.id);
      const factors = [isEmailMFA ? 'work email' : null, isAuthenticatorAppMFA ? (adopting ? 'a new authenticator app' : 'the authenticator app') : null].filter(Boolean);
      const setTo = factors.length > 0 ? factors.join(' and ') : 'none';
      await mailer.enqueue(db, secondFactorNoticeMail(mailLanguage(user.language, ctx.language), user.email, user.firstName, { kind: 'setTo', email: isEmailMFA, app: isAuthenticatorAppMFA ? (adopting ? 'new' : 'same') : 'none' }), NOTICE_LIFETIME_SECONDS);
      await recordAudit(db, user.id, { kind: 'second-factor-changed', detail: `set to ${setTo}`, origin: ctx.origin, sessionId: ctx.session?.sessionId });
      log.info('mfa.setup', { userId: user.id, email: isEmailMFA, authenticator: isAuthenticatorAppMFA });
      // A verified authenticator code is a second factor, so held login details end in a session here.
      return { success: true as const, token: adopting ? await signInIf(ctx, 'authenticator code') : undefined };
    },
  };
}
