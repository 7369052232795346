import { and, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { findUserById, type UserRow } from '../../accounts/queries';
import { mfaLimitKey, mfaState, type MfaState } from '../../auth/mfa';
import { hashRecoveryCode, newRecoveryCode, openSecret, recoveryCodeMatches, sealSecret } from '../../auth/mfa-secrets';
import { matchTotp, newTotpSecret, otpauthUri } from '../../auth/totp';
import { users } from '../../db/schema';
import type { Services } from '../../services';
import type { HandlerMap, UserOrLoginContext } from '../register';
import { codeAttempt } from './limits';

/** How long a spent recovery code lets held login details redo a finished setup. */
const RESET_GRANT_SECONDS = 15 * 60;

const normalizeSecret = (secret: string) => secret.replace(/\s/g, '').toUpperCase();

/** hrms|master|MFA|read, generateQRCode, verify and setup, with a session or with held login details. */
export function multiFactorHandlers(services: Services): HandlerMap {
  const { db, mfaKey, sessions, log } = services;

  const load = async (ctx: UserOrLoginContext): Promise<{ user: UserRow; state: MfaState }> => {
    const user = await findUserById(db, ctx.userId);
    if (!user) throw new CallError(ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.');
    return { user, state: await mfaState(db, user) };
  };

  /**
   * Held login details prove the password only. They may make a first setup (the company demands one before
   * any token), but changing a finished one needs the second factor: a session, or a recovery code just spent.
   */
  const mayChange = async (ctx: UserOrLoginContext, user: UserRow, state: MfaState) => {
    if (!ctx.viaLoginDetails || !state.setUp) return;
    const [row] = await db
      .select({ granted: sql<boolean>`coalesce(${users.mfaResetUntil} > now(), false)` })
      .from(users)
      .where(eq(users.id, user.id));
    if (!row?.granted) throw new CallError(ERROR_CODES.FORBIDDEN, 'Multi-factor authentication is already set up. Sign in with your second factor, or use a recovery code.');
  };

  const signInIf = async (ctx: UserOrLoginContext, userId: string): Promise<string | undefined> => {
    if (!ctx.viaLoginDetails) return undefined;
    const { token } = await sessions.open(userId, { ip: ctx.ip, userAgent: ctx.userAgent });
    ctx.setToken(token);
    log.info('sign-in.succeeded', { userId, via: 'multi-factor' });
    return token;
  };

  return {
    async 'hrms|master|MFA|read'(_payload, ctx) {
      const { user, state } = await load(ctx);
      return {
        MFA: { isEmailMFA: user.mfaEmail, isAuthenticatorAppMFA: user.mfaAuthenticatorApp && user.mfaSecret !== null },
        company: { isEmailMFA: state.company.email, isAuthenticatorAppMFA: state.company.app },
      };
    },

    async 'hrms|master|MFA|generateQRCode'(_payload, ctx) {
      const { user, state } = await load(ctx);
      await mayChange(ctx, user, state);
      const secret = newTotpSecret();
      const recoveryCode = newRecoveryCode();
      // Pending until setup saves it: the secret in force keeps working meanwhile.
      await db
        .update(users)
        .set({ mfaPendingSecret: sealSecret(mfaKey, secret, user.id), mfaPendingRecoveryHash: hashRecoveryCode(recoveryCode), mfaPendingStep: null })
        .where(eq(users.id, user.id));
      const MFAQrCode = await QRCode.toDataURL(otpauthUri(user.email, secret), { errorCorrectionLevel: 'M', margin: 1, width: 200 });
      return { MFAQrCode, MFASecretKey: secret, recoveryCode };
    },

    async 'hrms|master|MFA|verify'(payload, ctx) {
      const { user, state } = await load(ctx);
      const attempt = await codeAttempt(services.limiter, mfaLimitKey(user.id));
      if ('recoveryCode' in payload) {
        if (!recoveryCodeMatches(payload.recoveryCode, user.mfaRecoveryHash)) throw await attempt.fail(MESSAGES.invalidRecoveryCode);
        const fresh = newRecoveryCode();
        // Conditional on the old hash: two requests racing with one code cannot both spend it.
        const spent = await db
          .update(users)
          .set({ mfaRecoveryHash: hashRecoveryCode(fresh), mfaResetUntil: sql`now() + make_interval(secs => ${RESET_GRANT_SECONDS})` })
          .where(and(eq(users.id, user.id), eq(users.mfaRecoveryHash, user.mfaRecoveryHash!)))
          .returning({ id: users.id });
        if (spent.length !== 1) throw await attempt.fail(MESSAGES.invalidRecoveryCode);
        await attempt.succeed();
        log.info('mfa.recovery-code-used', { userId: user.id });
        return { success: true as const, recoveryCode: fresh, token: await signInIf(ctx, user.id) };
      }
      await mayChange(ctx, user, state);
      const pending = user.mfaPendingSecret ? openSecret(mfaKey, user.mfaPendingSecret, user.id) : null;
      if (!pending || pending !== normalizeSecret(payload.MFASecretKey)) {
        throw new CallError(ERROR_CODES.BAD_REQUEST, 'This secret key is not the one generated last. Generate a new QR code.');
      }
      const step = matchTotp(pending, payload.otp, Date.now(), null);
      if (step === null) throw await attempt.fail();
      await db.update(users).set({ mfaPendingStep: step }).where(eq(users.id, user.id));
      await attempt.succeed();
      return { success: true as const };
    },

    async 'hrms|master|MFA|setup'(payload, ctx) {
      const { user, state } = await load(ctx);
      await mayChange(ctx, user, state);
      const { isEmailMFA, isAuthenticatorAppMFA, MFASecretKey } = payload.MFA;
      if (!isEmailMFA && !isAuthenticatorAppMFA && state.required) {
        throw new CallError(ERROR_CODES.BAD_REQUEST, 'Choose work email, the authenticator app, or both.', { fields: ['MFA'] });
      }
      if ((isEmailMFA && !state.company.email) || (isAuthenticatorAppMFA && !state.company.app)) {
        throw new CallError(ERROR_CODES.BAD_REQUEST, 'Your company does not offer this second factor.', { fields: ['MFA'] });
      }
      const adopting = isAuthenticatorAppMFA && MFASecretKey !== undefined && MFASecretKey !== '';
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
          mfaResetUntil: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      log.info('mfa.setup', { userId: user.id, email: isEmailMFA, authenticator: isAuthenticatorAppMFA });
      // A verified authenticator code is a second factor, so held login details end in a session here.
      return { success: true as const, token: adopting ? await signInIf(ctx, user.id) : undefined };
    },
  };
}
