import { and, eq } from 'drizzle-orm';
import { CODE_LIFETIMES, issueOtp } from '../auth/one-time-codes';
import type { Db } from '../db/client';
import { memberships, organizations } from '../db/schema';
import { organizationCodeMail, verificationCodeMail } from '../mail/templates';
import type { Services } from '../services';
import type { UserRow } from './queries';

/** Mails a fresh account verification code (its latest code replaces older ones). */
export async function sendAccountCode({ db, mailer, config }: Services, user: Pick<UserRow, 'id' | 'email' | 'firstName'>, organizationId: string | null) {
  await db.transaction(async (tx) => {
    const code = await issueOtp(tx, 'verify-account', { userId: user.id, organizationId }, CODE_LIFETIMES.verifyAccount);
    const link = `${config.publicUrl}/verify-email?email=${encodeURIComponent(user.email)}`;
    await mailer.enqueue(tx, verificationCodeMail(user.email, user.firstName, code, link), CODE_LIFETIMES.verifyAccount);
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
 * resendOTP for an existing account: an unverified account gets a fresh account code; a verified admin of a company
 * still to verify gets that company's code (the /verify-organization screen). Run in the background, after the same
 * reply every address gets.
 */
export async function resendCodes(services: Services, user: UserRow): Promise<void> {
  const { db, mailer, config } = services;
  if (!user.verified) {
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
      await mailer.enqueue(tx, organizationCodeMail(user.email, org.company, code, link), CODE_LIFETIMES.verifyOrganization);
    });
  }
}
