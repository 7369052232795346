import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { LoginReply, MfaType } from '../../shared/protocol/schemas';
import { MESSAGES } from '../../shared/validation/messages';
import { cachedMembershipsOf, type MembershipWithOrg, type UserRow } from '../accounts/queries';
import { users } from '../db/schema';
import { mfaCodeMail } from '../mail/templates';
import type { Services } from '../services';
import { openSecret } from './mfa-secrets';
import { CODE_LIFETIMES, issueOtp, useOtp } from './one-time-codes';
import { matchTotp } from './totp';
import { mailLanguage } from '../mail/templates';

/** What the companies of a user demand, what the user chose for their own account, and what they can pass. */
export interface MfaState {
  /** A second factor is needed at sign-in: some organization of the user requires one, or the user turned one on. */
  required: boolean;
  /** Some organization of the user requires a second factor: then its factors decide, not the user's own choice. */
  companyRequired: boolean;
  /** The factors the user's companies offer (none when no company requires one). */
  company: { email: boolean; app: boolean };
  /** The factors the user has turned on, whatever the companies offer. */
  own: { email: boolean; app: boolean };
  /**
   * Factors the user can pass now: with a company policy, those it offers that the user set up (an own extra factor
   * never replaces the company's); without one, those the user turned on.
   */
  usable: { email: boolean; app: boolean };
  setUp: boolean;
  /**
   * A device may be trusted to skip the second factor: no organization of the user that requires one forbids it
   * (`allow_trusted_devices`).
   */
  mayTrustDevice: boolean;
}

/** The second-factor state from a user's row and memberships (no statement of its own). */
export function mfaStateOf(user: UserRow, all: MembershipWithOrg[]): MfaState {
  const company = { email: all.some((m) => m.org.mfaEmail), app: all.some((m) => m.org.mfaAuthenticatorApp) };
  const own = { email: user.mfaEmail, app: user.mfaAuthenticatorApp && user.mfaSecret !== null };
  const companyRequired = company.email || company.app;
  const usable = companyRequired ? { email: company.email && own.email, app: company.app && own.app } : own;
  const setUp = usable.email || usable.app;
  const mayTrustDevice = !all.some(({ org }) => (org.mfaEmail || org.mfaAuthenticatorApp) && !org.allowTrustedDevices);
  return { required: companyRequired || setUp, companyRequired, company, own, usable, setUp, mayTrustDevice };
}

/** mfaStateOf with the user's memberships from the account cache (what every call of a sign-in reads). */
export async function mfaState({ db, cache }: Pick<Services, 'db' | 'cache'>, user: UserRow): Promise<MfaState> {
  // The company's policy from the memberships every later call of the sign-in reads too (the account cache).
  return mfaStateOf(user, await cachedMembershipsOf(cache, db, user.id));
}

/** Spec section 4: work email (1) unless only the authenticator app is available (2). */
export function defaultMfaType(state: MfaState): MfaType {
  const offered = state.setUp ? state.usable : state.company;
  return !offered.email && offered.app ? 2 : 1;
}

/**
 * The first login reply of a user who must pass a second factor (a company's or their own): no token. Before setup
 * (only a company's policy can require a factor not set up) the options are the company's, for the setup screen;
 * after it, the ones the user can pass. `isCompanyMFA` means "a second factor is needed now", whoever asks for it.
 */
export function secondFactorReply(state: MfaState, email: string, type: MfaType = defaultMfaType(state)): LoginReply {
  const offered = state.setUp ? state.usable : state.company;
  return { isCompanyMFA: true, isUserMFASetup: state.setUp, email, MFAType: type, isEmailMFA: offered.email, isAuthenticatorAppMFA: offered.app, mayTrustDevice: state.mayTrustDevice };
}

/** Mails a fresh six-digit sign-in code (the previous one stops working). The caller spends the `codeMail` budget. */
export async function mailLoginCode({ db, mailer }: Services, user: UserRow): Promise<void> {
  await db.transaction(async (tx) => {
    const code = await issueOtp(tx, 'mfa-login', { userId: user.id }, CODE_LIFETIMES.mfaLogin);
    await mailer.enqueue(tx, mfaCodeMail(mailLanguage(user.language), user.email, user.firstName, code), CODE_LIFETIMES.mfaLogin);
  });
}

/**
 * Checks a second-factor code for the type chosen; throws 403 'Invalid OTP'. The caller spent the `secondFactor`
 * budget first. A TOTP code is accepted once: the step is recorded with a conditional update, so two racing sign-ins
 * cannot both use it.
 */
export async function passSecondFactor({ db, mfaKey }: Services, user: UserRow, state: MfaState, type: MfaType, otp: string): Promise<void> {
  if (type === 1) {
    if (!state.usable.email) throw new CallError(ERROR_CODES.BAD_REQUEST, 'Work email is not a second factor of this account.');
    const check = await useOtp(db, 'mfa-login', { userId: user.id }, otp);
    if (check.status === 'expired') throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.otpExpired);
    if (check.status !== 'ok') throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidOtp);
    return;
  }
  if (!state.usable.app || !user.mfaSecret) throw new CallError(ERROR_CODES.BAD_REQUEST, 'The authenticator app is not a second factor of this account.');
  const step = matchTotp(openSecret(mfaKey, user.mfaSecret, user.id), otp, Date.now(), user.mfaLastStep);
  if (step === null || !(await recordStep(db, user.id, step))) throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidOtp);
}

async function recordStep(db: Services['db'], userId: string, step: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}
