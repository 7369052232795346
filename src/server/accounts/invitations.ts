import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { ProductKey, Role } from '../../shared/products';
import { CODE_LIFETIMES, sameHash, sha256 } from '../auth/one-time-codes';
import type { Db } from '../db/client';
import { invitations, memberships, organizations, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { clientInvitationMail, invitationMail, mailLanguage } from '../mail/templates';
import type { Services } from '../services';
import { recordAdminAudit } from '../audit/audit-log';
import { NO_ORIGIN, type CallOrigin } from '../auth/device';
import { findUserByIdentifier, type UserRow } from './queries';

export type InvitationRow = typeof invitations.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * An invitation by its code with its organization; member invitations and client invitations are kept apart. A
 * revoked invitation is not found: its link answers like one that never existed.
 */
export async function findInvitation(db: Db, code: string, kind: 'member' | 'client'): Promise<{ invitation: InvitationRow; org: OrganizationRow; live: boolean } | null> {
  const hash = sha256(code);
  const [row] = await db
    .select({ invitation: invitations, org: organizations })
    .from(invitations)
    .innerJoin(organizations, eq(invitations.organizationId, organizations.id))
    .where(and(eq(invitations.codeHash, hash), isNull(invitations.revokedAt), kind === 'client' ? eq(invitations.role, 'client') : ne(invitations.role, 'client')));
  if (!row || !sameHash(row.invitation.codeHash, hash)) return null;
  const live = row.invitation.expiresAt === null || row.invitation.expiresAt.getTime() > Date.now();
  return { ...row, live };
}

async function orgByOrgId(db: Db, orgId: string): Promise<OrganizationRow> {
  const [org] = await db.select().from(organizations).where(eq(organizations.orgId, orgId));
  if (!org) throw new Error(`no organization ${orgId}`);
  return org;
}

/** What one invitation is: who, as what, with which products; `invitedBy` is the admin who sent it (null: the seed, a test). */
export interface NewInvitation {
  email: string;
  role: Role;
  productAccess?: ProductKey[];
  invitedBy?: string | null;
  lifetimeSeconds?: number;
}

/** A fresh secret of an invitation's link: a client's is a 36-character UUID, a member's 32 characters (never 36). */
const invitationSecret = (role: Role) => (role === 'client' ? randomUUID() : randomBytes(24).toString('base64url'));

const lifetimeOf = (role: Role, lifetimeSeconds?: number) => lifetimeSeconds ?? (role === 'client' ? CODE_LIFETIMES.clientInvitation : CODE_LIFETIMES.invitation);

/** The mail of an invitation: /invite/{code} for a member or admin, /invite-client/{token} for a client. */
async function invitationMessage(tx: Db, config: Pick<Services['config'], 'publicUrl'>, org: OrganizationRow, email: string, role: Role, secret: string, lifetime: number) {
  // In the invitee's language when the address has an account that has one; else English.
  const [account] = await tx.select({ language: users.language }).from(users).where(eq(users.email, email));
  const language = mailLanguage(account?.language);
  return role === 'client'
    ? clientInvitationMail(language, email, org.company, `${config.publicUrl}/invite-client/${secret}`, lifetime)
    : invitationMail(language, email, org.company, `${config.publicUrl}/invite/${secret}`, lifetime);
}

/**
 * Writes one invitation and queues its mail, in the caller's transaction (`tx`): both or neither. Returns the row and
 * the link's secret (kept nowhere else: only its hash is stored).
 */
export async function insertInvitation(
  tx: Db,
  { mailer, config }: Pick<Services, 'mailer' | 'config'>,
  org: OrganizationRow,
  input: NewInvitation,
): Promise<{ invitation: InvitationRow; secret: string }> {
  const secret = invitationSecret(input.role);
  const lifetime = lifetimeOf(input.role, input.lifetimeSeconds);
  const email = input.email.trim().toLowerCase();
  const [invitation] = await tx
    .insert(invitations)
    .values({
      codeHash: sha256(secret),
      organizationId: org.id,
      email,
      role: input.role,
      productAccess: input.productAccess ?? (input.role === 'client' ? ['pms'] : []),
      invitedBy: input.invitedBy ?? null,
      expiresAt: new Date(Date.now() + lifetime * 1000),
    })
    .returning();
  await mailer.enqueue(tx, await invitationMessage(tx, config, org, email, input.role, secret, lifetime), lifetime);
  return { invitation: invitation!, secret };
}

/**
 * Gives a pending invitation a fresh secret and a fresh lifetime and mails it again, in the caller's transaction: the
 * old link stops working (only the new hash is kept). Returns the updated row and the new secret.
 */
export async function renewInvitation(
  tx: Db,
  { mailer, config }: Pick<Services, 'mailer' | 'config'>,
  org: OrganizationRow,
  invitation: InvitationRow,
): Promise<{ invitation: InvitationRow; secret: string }> {
  const secret = invitationSecret(invitation.role);
  const lifetime = lifetimeOf(invitation.role);
  const [renewed] = await tx
    .update(invitations)
    .set({ codeHash: sha256(secret), sentAt: sql`now()`, expiresAt: new Date(Date.now() + lifetime * 1000), updatedAt: sql`now()` })
    .where(eq(invitations.id, invitation.id))
    .returning();
  await mailer.enqueue(tx, await invitationMessage(tx, config, org, invitation.email, invitation.role, secret, lifetime), lifetime);
  return { invitation: renewed!, secret };
}

/**
 * Invites someone to an organization as admin or member and mails the link /invite/{code} (the admin console goes
 * through `organizations/invitations.ts`, which checks and audits; the seed's invitations and tests use this). Returns the code.
 */
export async function createInvitation(
  services: Pick<Services, 'db' | 'mailer' | 'config'>,
  input: { orgId: string; email: string; role: Exclude<Role, 'client'>; productAccess?: ProductKey[]; lifetimeSeconds?: number },
): Promise<string> {
  const org = await orgByOrgId(services.db, input.orgId);
  return services.db.transaction(async (tx) => (await insertInvitation(tx, services, org, input)).secret);
}

/** Invites a client (Project by default) and mails the link /invite-client/{token}, a 36-character UUID. Returns the token. */
export async function createClientInvitation(
  services: Pick<Services, 'db' | 'mailer' | 'config'>,
  input: { orgId: string; email: string; productAccess?: ProductKey[]; lifetimeSeconds?: number },
): Promise<string> {
  const org = await orgByOrgId(services.db, input.orgId);
  return services.db.transaction(async (tx) => (await insertInvitation(tx, services, org, { ...input, role: 'client' })).secret);
}

export const INVITATION_EXPIRED = 'This invitation has expired. Please ask your administrator for a new one.';
export const INVITATION_ACCEPTED = 'This invitation has already been accepted.';
/** A client invitation opened again: its generated password was shown the first time only. */
export const CLIENT_INVITATION_ACCEPTED = `${INVITATION_ACCEPTED} Your password was shown when this link was first opened, and is not shown again. Sign in with it, or if you did not keep it, choose a new one with Forgot Password.`;

/** Marks the invitation accepted, or throws 409 when another request accepted (or an admin revoked) it first: a conditional update. */
export async function markAccepted(db: Db, invitation: InvitationRow): Promise<void> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  if (!row) throw new CallError(ERROR_CODES.CONFLICT, INVITATION_ACCEPTED);
}

/**
 * Adds (or updates) the membership an invitation grants. An admin of the organization stays an admin: an invitation
 * accepted later never demotes anyone (the organization's last admin least of all).
 */
export async function grantMembership(db: Db, userId: string, invitation: InvitationRow): Promise<void> {
  await db
    .insert(memberships)
    .values({ userId, organizationId: invitation.organizationId, role: invitation.role, productAccess: invitation.productAccess })
    .onConflictDoUpdate({
      target: [memberships.userId, memberships.organizationId],
      set: { role: invitation.role, productAccess: invitation.productAccess, updatedAt: new Date() },
      setWhere: ne(memberships.role, 'admin'),
    });
}

/**
 * The organization's audit line of an accepted invitation, in the transaction that accepts it: the invitee is both
 * who accepted and whom it concerns.
 */
export async function auditAccepted(
  tx: Db,
  invitation: InvitationRow,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>,
  origin: CallOrigin,
  sessionId: string | null,
): Promise<void> {
  await recordAdminAudit(tx, invitation.organizationId, { kind: 'user', user, origin, sessionId }, {
    kind: 'invitation-accepted',
    userId: user.id,
    subject: invitation.email,
    detail: `as ${invitation.role}`,
  });
}

/**
 * acceptClientInvitation: the invited address gets an account with a generated password, shown once. The invitation
 * is marked accepted first inside the transaction, so of many racing requests exactly one creates the account and
 * the others get 409. An address that already has an account keeps its password and only gains the organization.
 */
export async function acceptClientInvitation(db: Db, token: string, origin: CallOrigin = NO_ORIGIN): Promise<{ email: string; password: string }> {
  const found = await findInvitation(db, token, 'client');
  if (!found) throw new CallError(ERROR_CODES.NOT_FOUND, 'This invitation link is not valid.', { showButton: false });
  const { invitation, org } = found;
  // Accepted before (a reload of the page, another tab): the password was shown then and is never shown again.
  const lost = () => new CallError(ERROR_CODES.CONFLICT, CLIENT_INVITATION_ACCEPTED, { showButton: true, alreadyAccepted: true });
  if (invitation.acceptedAt) throw lost();
  if (!found.live) throw new CallError(ERROR_CODES.CONFLICT, INVITATION_EXPIRED, { showButton: false });
  const existing = await findUserByIdentifier(db, invitation.email);
  if (existing) {
    await db.transaction(async (tx) => {
      await markAccepted(tx, invitation).catch(() => Promise.reject(lost()));
      await grantMembership(tx, existing.id, invitation);
      await auditAccepted(tx, invitation, existing, origin, null);
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
    await auditAccepted(tx, invitation, created, origin, null);
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
