import { randomBytes } from 'node:crypto';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { EventPayload } from '../../shared/protocol';
import { MESSAGES } from '../../shared/validation/messages';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { memberships, organizations, users } from '../db/schema';
import type { UserRow } from './queries';

/** The plan a company signing itself up starts with, until sales follows up (see /stay-tuned). */
export const SIGN_UP_PLAN = { hrms: true, chat: true, pms: true } as const;

/** An orgId for a new company: its name as a slug plus a random suffix, so two companies of one name never clash. */
function newOrgId(company: string): string {
  const slug = company
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug || 'company'}-${randomBytes(3).toString('hex')}`;
}

/**
 * A company signs itself up: the organization (unverified) and its first admin (unverified, with the password they
 * chose, hashed), in one transaction. Two sign-ups racing with one address: the second gets 409 and leaves nothing
 * behind.
 */
export async function createCompany(db: Db, payload: EventPayload<'signUp'>): Promise<{ user: UserRow; organizationId: string; orgId: string }> {
  const passwordHash = await hashPassword(payload.password);
  const details = Object.fromEntries(
    Object.entries({
      phone: payload.phone,
      country: payload.country,
      numemployees: payload.numemployees,
      industryType: payload.industryType,
      referral: payload.referral,
      referralcode: payload.referralcode,
      affiliatecode: payload.affiliatecode,
      usercode: payload.usercode,
    }).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ orgId: newOrgId(payload.company), company: payload.company, plan: SIGN_UP_PLAN, verified: false, signUpDetails: details })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({ email: payload.email, firstName: payload.firstName, lastName: payload.lastName, passwordHash, passwordChosen: true, verified: false, activeOrgId: org!.id })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.emailExists);
    await tx.insert(memberships).values({ userId: user.id, organizationId: org!.id, role: 'admin' });
    return { user, organizationId: org!.id, orgId: org!.orgId };
  });
}
