import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { ProductKey, Role } from '../../shared/products';
import { CODE_LIFETIMES, sameHash, sha256 } from '../auth/one-time-codes';
import type { Db } from '../db/client';
import { invitations, memberships, organizations, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { clientInvitationMail, invitationMail } from '../mail/templates';
import type { Services } from '../services';
import { findUserByIdentifier } from './queries';

export type InvitationRow = typeof invitations.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/** An invitation by its code with its organization; member invitations and client invitations are kept apart. */
export async function findInvitation(db: Db, code: string, kind: 'member' | 'client'): Promise<{ invitation: InvitationRow; org: OrganizationRow; live: boolean } | null> {
  const hash = sha256(code);
  const [row] = await db
    .select({ invitation: invitations, org: organizations })
    .from(invitations)
    .innerJoin(organizations, eq(invitations.organizationId, organizations.id))
    .where(and(eq(invitations.codeHash, hash), kind === 'client' ? eq(invitations.role, 'client') : ne(invitations.role, 'client')));
  if (!row || !sameHash(row.invitation.codeHash, hash)) return null;
  const live = row.invitation.expiresAt === null || row.invitation.expiresAt.getTime() > Date.now();
  return { ...row, live };
}

async function orgByOrgId(db: Db, orgId: string): Promise<OrganizationRow> {
  const [org] = await db.select().from(organizations).where(eq(organizations.orgId, orgId));
  if (!org) throw new Error(`no organization ${orgId}`);
  return org;
}

/**
 * Invites someone to an organization as admin or member and mails the link /invite/{code}. The admin screens
 * that call it belong to the HR product; here the seed's invitations and tests use it. Returns the code.
 */
export async function createInvitation(
  { db, mailer, config }: Pick<Services, 'db' | 'mailer' | 'config'>,
  input: { orgId: string; email: string; role: Exclude<Role, 'client'>; productAccess?: ProductKey[]; lifetimeSeconds?: number },
): Promise<string> {
  const org = await orgByOrgId(db, input.orgId);
  // 32 characters, so a member code is never taken for a 36-character client token.
  const code = randomBytes(24).toString('base64url');
  const lifetime = input.lifetimeSeconds ?? CODE_LIFETIMES.invitation;
  await db.transaction(async (tx) => {
    await tx.insert(invitations).values({
      codeHash: sha256(code),
      organizationId: org.id,
      email: input.email.trim().toLowerCase(),
      role: input.role,
      productAccess: input.productAccess ?? [],
      expiresAt: new Date(Date.now() + lifetime * 1000),
    });
    await mailer.enqueue(tx, invitationMail(input.email, org.company, `${config.publicUrl}/invite/${code}`, lifetime), lifetime);
  });
  return code;
}

/** Invites a client (Project by default) and mails the link /invite-client/{token}, a 36-character UUID. Returns the token. */
export async function createClientInvitation(
  { db, mailer, config }: Pick<Services, 'db' | 'mailer' | 'config'>,
  input: { orgId: string; email: string; productAccess?: ProductKey[]; lifetimeSeconds?: number },
): Promise<string> {
  const org = await orgByOrgId(db, input.orgId);
  const token = randomUUID();
  const lifetime = input.lifetimeSeconds ?? CODE_LIFETIMES.clientInvitation;
  await db.transaction(async (tx) => {
    await tx.insert(invitations).values({
      codeHash: sha256(token),
      organizationId: org.id,
      email: input.email.trim().toLowerCase(),
      role: 'client',
      productAccess: input.productAccess ?? ['pms'],
      expiresAt: new Date(Date.now() + lifetime * 1000),
    });
    await mailer.enqueue(tx, clientInvitationMail(input.email, org.company, `${config.publicUrl}/invite-client/${token}`, lifetime), lifetime);
  });
  return token;
}

export const INVITATION_EXPIRED = 'This invitation has expired. Please ask your administrator for a new one.';
export const INVITATION_ACCEPTED = 'This invitation has already been accepted.';

/** Marks the invitation accepted, or throws 409 when another request accepted it first (a conditional update). */
export async function markAccepted(db: Db, invitation: InvitationRow): Promise<void> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  if (!row) throw new CallError(ERROR_CODES.CONFLICT, INVITATION_ACCEPTED);
}

/** Adds (or updates) the membership an invitation grants. */
export async function grantMembership(db: Db, userId: string, invitation: InvitationRow): Promise<void> {
  await db
    .insert(memberships)
    .values({ userId, organizationId: invitation.organizationId, role: invitation.role, productAccess: invitation.productAccess })
    .onConflictDoUpdate({
      target: [memberships.userId, memberships.organizationId],
      set: { role: invitation.role, productAccess: invitation.productAccess, updatedAt: new Date() },
    });
}

/**
 * acceptClientInvitation: the invited address gets an account with a generated password, shown once. The invitation
 * is marked accepted first inside the transaction, so of many racing requests exactly one creates the account and
 * the others get 409. An address that already has an account keeps its password and only gains the organization.
 */
export async function acceptClientInvitation(db: Db, token: string): Promise<{ email: string; password: string }> {
  const found = await findInvitation(db, token, 'client');
  if (!found) throw new CallError(ERROR_CODES.NOT_FOUND, 'This invitation link is not valid.', { showButton: false });
  const { invitation, org } = found;
  if (invitation.acceptedAt) throw new CallError(ERROR_CODES.CONFLICT, `${INVITATION_ACCEPTED} Sign in with the password you were given.`, { showButton: true });
  if (!found.live) throw new CallError(ERROR_CODES.CONFLICT, INVITATION_EXPIRED, { showButton: false });
  const lost = () => new CallError(ERROR_CODES.CONFLICT, `${INVITATION_ACCEPTED} Sign in with the password you were given.`, { showButton: true });
  const existing = await findUserByIdentifier(db, invitation.email);
  if (existing) {
    await db.transaction(async (tx) => {
      await markAccepted(tx, invitation).catch(() => Promise.reject(lost()));
      await grantMembership(tx, existing.id, invitation);
    });
    throw new CallError(ERROR_CODES.CONFLICT, `You already have an account with this email. Sign in with your password to reach ${org.company}.`, { showButton: true });
  }
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await markAccepted(tx, invitation).catch(() => Promise.reject(lost()));
    const [created] = await tx
      .insert(users)
      .values({ email: invitation.email, firstName: invitation.email.split('@')[0]!, lastName: '', passwordHash, verified: true, activeOrgId: org.id })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw lost();
    await grantMembership(tx, created.id, invitation);
  });
  return { email: invitation.email, password };
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '@#$%&*!?';

/**
 * A 16-character password with at least one of each class the policy asks for, from a CSPRNG. Look-alike
 * characters (0/O, 1/l/I) are left out because the client copies it by eye.
 */
export function generatePassword(length = 16): string {
  const all = UPPER + LOWER + DIGITS + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL), ...Array.from({ length: length - 4 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
