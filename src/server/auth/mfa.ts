import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { LoginReply, MfaType } from '../../shared/protocol/schemas';
import { MESSAGES } from '../../shared/validation/messages';
import { membershipsOf, type UserRow } from '../accounts/queries';
import { users } from '../db/schema';
import { mfaCodeMail } from '../mail/templates';
import type { Services } from '../services';
import { codeAttempt, countRequest, MAIL_REQUEST_LIMIT } from '../socket/handlers/limits';
import { openSecret } from './mfa-secrets';
import { CODE_LIFETIMES, issueOtp, useOtp } from './one-time-codes';
import { matchTotp } from './totp';

/** What the companies of a user demand and what the user has set up. */
export interface MfaState {
  /** Some organization of the user requires a second factor. */
  required: boolean;
  company: { email: boolean; app: boolean };
  /** Factors the user can pass now: allowed by a company policy and set up by the user. */
  usable: { email: boolean; app: boolean };
  setUp: boolean;
}

export async function mfaState(db: Services['db'], user: UserRow): Promise<MfaState> {
  const all = await membershipsOf(db, user.id);
  const company = { email: all.some((m) => m.org.mfaEmail), app: all.some((m) => m.org.mfaAuthenticatorApp) };
  const usable = { email: company.email && user.mfaEmail, app: company.app && user.mfaAuthenticatorApp && user.mfaSecret !== null };
  return { required: company.email || company.app, company, usable, setUp: usable.email || usable.app };
}

/** Spec section 4: work email (1) unless only the authenticator app is available (2). */
export function defaultMfaType(state: MfaState): MfaType {
  const offered = state.setUp ? state.usable : state.company;
  return !offered.email && offered.app ? 2 : 1;
}

/**
 * The first login reply of a user who must pass a second factor: no token. Before setup the options are the
 * company's (for the setup screen); after it, the ones the user can pass.
 */
export function secondFactorReply(state: MfaState, email: string, type: MfaType = defaultMfaType(state)): LoginReply {
  const offered = state.setUp ? state.usable : state.company;
  return { isCompanyMFA: true, isUserMFASetup: state.setUp, email, MFAType: type, isEmailMFA: offered.email, isAuthenticatorAppMFA: offered.app };
}

/** Mails a fresh six-digit sign-in code (the previous one stops working); counted like other mail requests. */
export async function mailLoginCode({ db, limiter, mailer }: Services, user: UserRow): Promise<void> {
  await countRequest(limiter, `mfa:mail:${user.id}`, MAIL_REQUEST_LIMIT);
  const code = await issueOtp(db, 'mfa-login', { userId: user.id }, CODE_LIFETIMES.mfaLogin);
  mailer.queue(mfaCodeMail(user.email, user.firstName, code));
}

/** Wrong second factors of one account, counted apart from its wrong passwords. */
export const mfaLimitKey = (userId: string) => `mfa:account:${userId}`;

/**
 * Checks a second-factor code for the type chosen; throws 403 'Invalid OTP' (429 past the limit). A TOTP code is
 * accepted once: the step is recorded with a conditional update, so two racing sign-ins cannot both use it.
 */
export async function passSecondFactor(services: Services, user: UserRow, state: MfaState, type: MfaType, otp: string): Promise<void> {
  const { db, mfaKey } = services;
  const attempt = await codeAttempt(services.limiter, mfaLimitKey(user.id));
  if (type === 1) {
    if (!state.usable.email) throw new CallError(ERROR_CODES.BAD_REQUEST, 'Work email is not a second factor of this account.');
    const check = await useOtp(db, 'mfa-login', { userId: user.id }, otp);
    if (check.status === 'expired') throw await attempt.fail(MESSAGES.otpExpired);
    if (check.status !== 'ok') throw await attempt.fail();
  } else {
    if (!state.usable.app || !user.mfaSecret) throw new CallError(ERROR_CODES.BAD_REQUEST, 'The authenticator app is not a second factor of this account.');
    const step = matchTotp(openSecret(mfaKey, user.mfaSecret, user.id), otp, Date.now(), user.mfaLastStep);
    if (step === null || !(await recordStep(db, user.id, step))) throw await attempt.fail();
  }
  await attempt.succeed();
}

async function recordStep(db: Services['db'], userId: string, step: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}
