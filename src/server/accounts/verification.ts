import { and, eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { MESSAGES } from '../../shared/validation/messages';
import { hashPassword } from '../auth/passwords';
import { CODE_LIFETIMES, findOtp, issueOtp, markUsed } from '../auth/one-time-codes';
import type { Db } from '../db/client';
import { memberships, organizations, users } from '../db/schema';
import { organizationCodeMail, verificationCodeMail } from '../mail/templates';
import type { Services } from '../services';
import { findUserByIdentifier, NO_ACCOUNT, type UserRow } from './queries';
import { mailLanguage } from '../mail/templates';
import type { Language } from '../../shared/i18n/languages';

/**
 * activateAccount's answer (400, `fields: ['password']`) to a right code for an account that has no password it chose.
 * Kept here, not in the shared MESSAGES: the screen shows the server's words, and /login's first paint carries MESSAGES.
 */
export const CHOOSE_PASSWORD = 'Choose a password to finish verifying your account.';

/** Mails a fresh account verification code (its latest code replaces older ones). */
export async function sendAccountCode(
  { db, mailer, config }: Services,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'passwordChosen'> & Partial<Pick<UserRow, 'language'>>,
  organizationId: string | null,
  requestLanguage: Language | null = null,
) {
  await db.transaction(async (tx) => {
    const code = await issueOtp(tx, 'verify-account', { userId: user.id, organizationId }, CODE_LIFETIMES.verifyAccount);
    const link = `${config.publicUrl}/verify-email?email=${encodeURIComponent(user.email)}`;
    await mailer.enqueue(tx, verificationCodeMail(mailLanguage(user.language, requestLanguage), user.email, user.firstName, code, link, !user.passwordChosen), CODE_LIFETIMES.verifyAccount);
  });
}

/** The unverified company a not-yet-verified admin signed up, whose verification rides on the account code. */
export async function pendingSignUpOrganization(db: Db, userId: string): Promise<string | null> {
  const [pending] = await db
    .select({ id: organizations.id })
    .from(memberships)
    .innerJoin(organizations, eq(memberships.organizationId, organizations.id))
    .where(and(eq(memberships.userId, userId), eq(memberships.role, 'admin'), eq(organizations.verified, false)))
    .limit(1);
  return pending?.id ?? null;
}

/**
 * Whether the account verification code still has a step to finish for this account: its address is unverified, or
 * it has no password it chose (a company signed up before sign-up asked for one, a seed user without one).
 */
/**
 * An unverified account reached by a way in that did not use its password: the password it was signed up with was
 * never proved to be the address owner's (pre-account-takeover), so the verification asks for a new one. Only while
 * the account is unverified.
 */
export async function forgetUnprovenPassword<U extends Pick<UserRow, 'id' | 'passwordChosen'>>(db: Db, user: U): Promise<U> {
  await db.update(users).set({ passwordChosen: false, updatedAt: new Date() }).where(and(eq(users.id, user.id), eq(users.verified, false)));
  return { ...user, passwordChosen: false };
}

export function awaitsVerification(user: Pick<UserRow, 'verified' | 'passwordChosen'>): boolean {
  return !user.verified || !user.passwordChosen;
}

/**
 * resendOTP for an existing account: an account still awaiting verification (unverified, or without a password it
 * chose) gets a fresh account code; a verified admin of a company still to verify gets that company's code (the
 * /verify-organization screen). Run in the background, after the same reply every address gets.
 */
export async function resendCodes(services: Services, user: UserRow): Promise<void> {
  const { db, mailer, config } = services;
  if (awaitsVerification(user)) {
    await sendAccountCode(services, user, await pendingSignUpOrganization(db, user.id));
    return;
  }
  const unverified = await db
    .select({ org: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(memberships.organizationId, organizations.id))
    .where(and(eq(memberships.userId, user.id), eq(memberships.role, 'admin'), eq(organizations.verified, false)));
  for (const { org } of unverified) {
    await db.transaction(async (tx) => {
      const code = await issueOtp(tx, 'verify-organization', { userId: user.id, organizationId: org.id }, CODE_LIFETIMES.verifyOrganization);
      const link = `${config.publicUrl}/verify-organization/${encodeURIComponent(org.orgId)}`;
      await mailer.enqueue(tx, organizationCodeMail(mailLanguage(user.language), user.email, org.company, code, link), CODE_LIFETIMES.verifyOrganization);
    });
  }
}

/** What activateAccount did: the account, and whether it chose its first password with the code. */
export interface VerifiedAccount {
  user: UserRow;
  choseFirstPassword: boolean;
}

/**
 * activateAccount's domain: the address's latest verification code, and for an account without a password it chose,
 * the password it chooses now. An unknown address, a verified account with its own password and an awaiting one run
 * the same statements for a wrong code and get the same 'Invalid OTP' (no stranger learns which exists; nothing is
 * hashed before the code is right). A right code for an account that must choose a password, sent without one,
 * answers 400 `fields: ['password']` and leaves the code usable. Otherwise the code is spent and the account updated
 * in one transaction (a lost race for the code answers 'Invalid OTP'); a password sent for an account that has its
 * own is ignored.
 */
export async function verifyAccountWithCode(db: Db, input: { email: string; otp: string; password?: string }): Promise<VerifiedAccount> {
  const found = await findUserByIdentifier(db, input.email);
  const user = found && found.email === input.email && awaitsVerification(found) ? found : null;
  const check = await findOtp(db, 'verify-account', { userId: user?.id ?? NO_ACCOUNT }, input.otp);
  if (user && check.status === 'expired') throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.otpExpired);
  if (!user || check.status !== 'ok') throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidOtp);
  const choosing = !user.passwordChosen;
  if (choosing && input.password === undefined) throw new CallError(ERROR_CODES.BAD_REQUEST, CHOOSE_PASSWORD, { fields: ['password'] });
  const passwordHash = choosing ? await hashPassword(input.password!) : null;
  const chosen = passwordHash === null ? {} : { passwordHash, passwordChosen: true, mustChangePassword: false };
  await db.transaction(async (tx) => {
    if ((await markUsed(tx, check.row)).status !== 'ok') throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidOtp);
    await tx
      .update(users)
      .set({ verified: true, ...chosen, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    // The code proves the admin owns the address, which is all that verifying the company they signed up proves.
    if (check.row.organizationId) await tx.update(organizations).set({ verified: true }).where(eq(organizations.id, check.row.organizationId));
  });
  return { user: { ...user, verified: true, ...chosen }, choseFirstPassword: choosing };
}
