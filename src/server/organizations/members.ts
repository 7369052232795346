import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { AdminMember, MemberListQuerySchema } from '../../shared/protocol/admin-schemas';
import type { ProductKey, Role } from '../../shared/products';
import { recordAdminAudit, type AdminActor } from '../audit/audit-log';
import { CODE_LIFETIMES, issueOtp } from '../auth/one-time-codes';
import type { Db } from '../db/client';
import { memberships, oidcModels, scimUsers, sessions, users } from '../db/schema';
import { verificationCodeMail } from '../mail/templates';
import type { Services } from '../services';
import { lockOrganization, planProducts, productAccessIssues, productNames, productsForRole, refusal, type OrganizationRow } from './organization';
import { mailLanguage } from '../mail/templates';

type MemberListQuery = z.output<typeof MemberListQuerySchema>;

const NOT_A_MEMBER = (company: string) => `This person is not a member of ${company}.`;
const lastAdmin = (name: string, company: string) => `${name} is the last admin of ${company}: make someone else an admin first.`;

/** `%term%` for ILIKE, with the term's own % _ and \ taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
/** The person's latest sign-in: their newest session (sessions are kept after they end). */
const lastSignInAt = sql`(SELECT max(${sessions.createdAt}) FROM ${sessions} WHERE ${sessions.userId} = ${users.id})`.mapWith(sessions.createdAt);
/** Roles in the order a person expects them: admin, member, client. */
const roleRank = sql`CASE ${memberships.role} WHEN 'admin' THEN 0 WHEN 'member' THEN 1 ELSE 2 END`;

const memberColumns = {
  userId: users.id,
  email: users.email,
  name: fullName,
  role: memberships.role,
  productAccess: memberships.productAccess,
  verified: users.verified,
  mfaEmail: users.mfaEmail,
  mfaAuthenticatorApp: users.mfaAuthenticatorApp,
  lastSignInAt,
  joinedAt: memberships.createdAt,
};

type MemberRow = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  productAccess: ProductKey[];
  verified: boolean;
  mfaEmail: boolean;
  mfaAuthenticatorApp: boolean;
  lastSignInAt: Date | null;
  joinedAt: Date;
};

const toMember = (row: MemberRow, callerId: string | null): AdminMember => ({
  userId: row.userId,
  email: row.email,
  name: row.name,
  role: row.role,
  productAccess: row.productAccess,
  verified: row.verified,
  secondFactor: { email: row.mfaEmail, authenticatorApp: row.mfaAuthenticatorApp },
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  joinedAt: row.joinedAt.toISOString(),
  you: row.userId === callerId,
});

const callerOf = (actor: AdminActor | null) => (actor?.kind === 'user' ? actor.user.id : null);

/** The sort object ({param: 1 | -1}) as ORDER BY: by name by default, the email as the tie-break. */
function ordering(sort: MemberListQuery['sort']): SQL[] {
  const [param, direction] = Object.entries(sort ?? {})[0] ?? ['name', 1];
  const column = { name: sql`lower(${fullName})`, email: users.email, role: roleRank, lastSignInAt, joinedAt: memberships.createdAt }[param as 'name'];
  const by = direction === -1 ? desc : asc;
  return [param === 'lastSignInAt' ? sql`${by(column)} NULLS LAST` : by(column), asc(users.email)];
}

/** One page of the organization's members and clients (search by name or email, a role filter, a sort), with its plan. */
export async function listMembers(db: Db, org: OrganizationRow, actor: AdminActor | null, query: MemberListQuery) {
  const conditions: SQL[] = [eq(memberships.organizationId, org.id)];
  if (query.search) conditions.push(or(ilike(users.email, containing(query.search)), ilike(fullName, containing(query.search)))!);
  if (query.roles && query.roles.length > 0) conditions.push(inArray(memberships.role, query.roles));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(...ordering(query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where),
  ]);
  return { list: rows.map((row) => toMember(row as MemberRow, callerOf(actor))), total: counted?.total ?? 0, plan: planProducts(org) };
}

/** One member of the organization as the table shows them (the admin API's GET); 404 when they are not a member. */
export async function getMember(db: Db, org: OrganizationRow, actor: AdminActor | null, userId: string): Promise<AdminMember> {
  const row = await memberOf(db, org, userId);
  if (!row) throw new CallError(ERROR_CODES.NOT_FOUND, NOT_A_MEMBER(org.company));
  return toMember(row, callerOf(actor));
}

/** One member as the table shows them, read in `db` (the change's transaction, so the reply is what was written). */
async function memberOf(db: Db, org: OrganizationRow, userId: string, lock = false): Promise<MemberRow | null> {
  const query = db
    .select({ ...memberColumns, membershipId: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, userId)));
  const [row] = lock ? await query.for('update', { of: memberships }) : await query;
  return (row as MemberRow | undefined) ?? null;
}

export async function adminCount(tx: Db, org: OrganizationRow): Promise<number> {
  const [row] = await tx.select({ admins: count() }).from(memberships).where(and(eq(memberships.organizationId, org.id), eq(memberships.role, 'admin')));
  return row?.admins ?? 0;
}

const display = (row: Pick<MemberRow, 'name' | 'email'>) => row.name || row.email;

/**
 * Changes a member's role, product access, or both, in one transaction with its audit lines. Products must be in the
 * plan and ones the new role can open (400 naming each); a role change without new products drops those the new role
 * cannot open. The organization's last admin is never demoted (409).
 */
export async function updateMember(
  { db }: Pick<Services, 'db'>,
  organization: OrganizationRow,
  actor: AdminActor,
  change: { userId: string; role?: Role; productAccess?: ProductKey[] },
): Promise<AdminMember> {
  const row = await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const current = await memberOf(tx, org, change.userId, true);
    if (!current) throw new CallError(ERROR_CODES.NOT_FOUND, NOT_A_MEMBER(org.company));
    const role = change.role ?? current.role;
    const products = change.productAccess ?? productsForRole(role, current.productAccess);
    if (change.productAccess) {
      const issues = productAccessIssues(org, role, change.productAccess, 'productAccess');
      if (issues.length > 0) throw refusal(400, issues);
    }
    if (current.role === 'admin' && role !== 'admin' && (await adminCount(tx, org)) <= 1) {
      throw new CallError(ERROR_CODES.CONFLICT, lastAdmin(display(current), org.company), { fields: ['role'] });
    }
    const roleChanged = role !== current.role;
    const accessChanged = products.join() !== current.productAccess.join();
    if (!roleChanged && !accessChanged) return current;
    await tx
      .update(memberships)
      .set({ role, productAccess: products, updatedAt: sql`now()` })
      .where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, change.userId)));
    if (roleChanged) await recordAdminAudit(tx, org.id, actor, { kind: 'member-role-changed', userId: change.userId, detail: `${current.role} → ${role}` });
    if (accessChanged) {
      await recordAdminAudit(tx, org.id, actor, { kind: 'member-access-changed', userId: change.userId, detail: `${productNames(current.productAccess)} → ${productNames(products)}` });
    }
    return (await memberOf(tx, org, change.userId))!;
  });
  return toMember(row, callerOf(actor));
}

/**
 * Removes a member from the organization, in one transaction: the membership, the OpenID grants (and the tokens they
 * issued) the portal gave apps for them in this organization, and every session of theirs (a session reaches each of a
 * person's organizations and product hosts trust it, so it cannot end for one organization only: they sign in again to
 * reach their others). Their open connections are told and closed when it commits. The last admin is never removed (409).
 */
export async function removeMember(
  { db, sessions: sessionService }: Pick<Services, 'db' | 'sessions'>,
  organization: OrganizationRow,
  actor: AdminActor,
  input: { userId: string; reason?: string },
): Promise<{ endedSessions: number }> {
  return db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const current = await memberOf(tx, org, input.userId, true);
    if (!current) throw new CallError(ERROR_CODES.NOT_FOUND, NOT_A_MEMBER(org.company));
    if (current.role === 'admin' && (await adminCount(tx, org)) <= 1) throw new CallError(ERROR_CODES.CONFLICT, lastAdmin(display(current), org.company));
    await tx.delete(memberships).where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, input.userId)));
    await tx.update(users).set({ activeOrgId: null }).where(and(eq(users.id, input.userId), eq(users.activeOrgId, org.id)));
    // A person the directory provisioned reads as deactivated there from now on (SCIM, scim/README.md).
    await tx.update(scimUsers).set({ active: false, role: current.role, updatedAt: sql`now()` }).where(and(eq(scimUsers.organizationId, org.id), eq(scimUsers.userId, input.userId)));
    await deleteGrants(tx, org.orgId, input.userId);
    const endedSessions = await sessionService.revokeAllForUser(input.userId, undefined, tx);
    await recordAdminAudit(tx, org.id, actor, {
      kind: 'member-removed',
      userId: input.userId,
      detail: [`was ${current.role}`, `${endedSessions} session${endedSessions === 1 ? '' : 's'} ended`, input.reason].filter(Boolean).join('; '),
    });
    return { endedSessions };
  });
}

/** The grants the portal gave apps for this person in this organization, and everything they issued (codes, tokens). */
export async function deleteGrants(tx: Db, orgId: string, userId: string): Promise<void> {
  const grants = tx
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(and(eq(oidcModels.kind, 'Grant'), eq(oidcModels.orgId, orgId), sql`${oidcModels.payload}->>'accountId' = ${userId}`));
  await tx.delete(oidcModels).where(or(inArray(oidcModels.grantId, grants), and(eq(oidcModels.kind, 'Grant'), inArray(oidcModels.id, grants))));
}

/**
 * Mails an unverified member a fresh verification code (the latest code replaces older ones), with its audit line.
 * 409 for a member who has verified their address already.
 */
export async function resendVerification(
  { db, mailer, config }: Pick<Services, 'db' | 'mailer' | 'config'>,
  organization: OrganizationRow,
  actor: AdminActor,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const current = await memberOf(tx, org, userId);
    if (!current) throw new CallError(ERROR_CODES.NOT_FOUND, NOT_A_MEMBER(org.company));
    if (current.verified) throw new CallError(ERROR_CODES.CONFLICT, `${current.email} has already verified their address.`);
    const [user] = await tx.select({ firstName: users.firstName, language: users.language }).from(users).where(eq(users.id, userId));
    const code = await issueOtp(tx, 'verify-account', { userId, organizationId: null }, CODE_LIFETIMES.verifyAccount);
    const link = `${config.publicUrl}/verify-email?email=${encodeURIComponent(current.email)}`;
    await mailer.enqueue(tx, verificationCodeMail(mailLanguage(user!.language), current.email, user!.firstName, code, link), CODE_LIFETIMES.verifyAccount);
    await recordAdminAudit(tx, org.id, actor, { kind: 'verification-resent', userId });
  });
}
