import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { recordAdminAudit, type AdminActor } from '../audit/audit-log';
import type { Db } from '../db/client';
import { organizationDomains, scimGroupMembers, scimGroups, scimUsers, users } from '../db/schema';
import { lockOrganization, type OrganizationRow } from '../organizations/organization';
import type { Services } from '../services';
import { endMembership, recomputeAccess, sessionsEnded, startMembership } from './access';
import { invalidValue, notFound, ScimError } from './errors';
import { equalsIgnoringCase, filterCondition, uuidEquals } from './filter';
import { listResponse, userResource, userStateOf, type UserState } from './resources';
import { applyUserPatch } from './user-patch';
import type { PatchOperation } from './resources';

/** One SCIM request's organization, its actor (the token) and where its resources live. */
export interface ScimCall {
  services: Pick<Services, 'db' | 'sessions'>;
  org: OrganizationRow;
  actor: AdminActor;
  baseUrl: string;
}

const columns = {
  id: scimUsers.id,
  userId: scimUsers.userId,
  userName: scimUsers.userName,
  externalId: scimUsers.externalId,
  active: scimUsers.active,
  role: scimUsers.role,
  email: users.email,
  givenName: users.firstName,
  familyName: users.lastName,
  created: scimUsers.createdAt,
  lastModified: scimUsers.updatedAt,
};

const USER_FILTERS = 'userName eq, externalId eq, id eq, emails.value eq, emails[type eq "work"].value eq';
const userAttributes = {
  username: (value: string) => equalsIgnoringCase(scimUsers.userName, value),
  externalid: (value: string) => sql`${scimUsers.externalId} = ${value}`,
  id: (value: string) => uuidEquals(scimUsers.id, value),
  'emails.value': (value: string) => equalsIgnoringCase(users.email, value),
  active: (value: string) => sql`${scimUsers.active} = ${value.toLowerCase() === 'true'}`,
};
const emailPath = { type: (value: string) => (value.toLowerCase() === 'work' ? sql`true` : sql`false`), primary: (value: string) => (value === 'true' ? sql`true` : sql`false`), value: userAttributes['emails.value'] };

type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

function selectUsers(db: Db, org: OrganizationRow, where: SQL | undefined) {
  return db
    .select(columns)
    .from(scimUsers)
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .where(and(eq(scimUsers.organizationId, org.id), where));
}

async function represent(db: Db, call: ScimCall, rows: UserRow[]) {
  if (rows.length === 0) return [];
  const groups = await db
    .select({ scimUserId: scimGroupMembers.scimUserId, id: scimGroups.id, displayName: scimGroups.displayName })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(and(eq(scimGroups.organizationId, call.org.id), inArray(scimGroupMembers.scimUserId, rows.map((row) => row.id))));
  return rows.map((row) => userResource(call.baseUrl, row, groups.filter((group) => group.scimUserId === row.id)));
}

async function loadUser(db: Db, call: ScimCall, id: string, lock = false): Promise<UserRow> {
  const query = selectUsers(db, call.org, uuidEquals(scimUsers.id, id));
  const [row] = lock ? await query.for('update', { of: scimUsers }) : await query;
  if (!row) throw notFound('User', id);
  return row;
}

/** The domain of an address must be one this organization has verified: an organization never takes another's people. */
async function assertOwnDomain(tx: Db, org: OrganizationRow, email: string): Promise<void> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const [verified] = await tx
    .select({ id: organizationDomains.id })
    .from(organizationDomains)
    .where(and(eq(organizationDomains.organizationId, org.id), eq(organizationDomains.domain, domain), isNotNull(organizationDomains.verifiedAt)));
  if (!verified) throw invalidValue(`${domain} is not a verified domain of ${org.company}: verify it on the admin console's Sign-in page before provisioning its addresses.`);
}

async function assertUserNameFree(tx: Db, org: OrganizationRow, userName: string, exceptId: string | null): Promise<void> {
  const [taken] = await selectUsers(tx, org, equalsIgnoringCase(scimUsers.userName, userName));
  if (taken && taken.id !== exceptId) throw new ScimError(409, `A user with userName ${userName} is provisioned already.`, 'uniqueness');
}

export async function getUser(call: ScimCall, id: string) {
  const [resource] = await represent(call.services.db, call, [await loadUser(call.services.db, call, id)]);
  return resource!;
}

export async function listUsers(call: ScimCall, filter: string | undefined, startIndex: number, pageSize: number) {
  const where = filter === undefined ? undefined : filterCondition(filter, userAttributes, { emails: emailPath }, USER_FILTERS);
  const { db } = call.services;
  const [rows, [total]] = await Promise.all([
    selectUsers(db, call.org, where).orderBy(asc(scimUsers.createdAt), asc(scimUsers.id)).limit(pageSize).offset(startIndex - 1),
    db.select({ total: count() }).from(scimUsers).innerJoin(users, eq(users.id, scimUsers.userId)).where(and(eq(scimUsers.organizationId, call.org.id), where)),
  ]);
  return listResponse(await represent(db, call, rows), total?.total ?? 0, startIndex);
}

/**
 * POST /Users: the account of the address (a new one, verified and without a password: the directory vouches for it;
 * or the existing one, linked) and, when active, a membership with the default role. Only addresses of the
 * organization's verified domains. One transaction behind the organization's lock: of a hundred parallel creates of
 * one userName, one creates and the rest get 409 uniqueness.
 */
export async function createUser(call: ScimCall, body: unknown) {
  const state = userStateOf(body);
  const { db } = call.services;
  const row = await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, call.org.id, call.actor);
    await assertUserNameFree(tx, org, state.userName, null);
    await assertOwnDomain(tx, org, state.email);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, state.email));
    let userId = existing?.id;
    if (!userId) {
      const [created] = await tx
        .insert(users)
        .values({ email: state.email, firstName: state.givenName, lastName: state.familyName, passwordHash: '', passwordChosen: false, verified: true, activeOrgId: org.id })
        .returning({ id: users.id });
      userId = created!.id;
    } else {
      const [linked] = await tx.select({ id: scimUsers.id }).from(scimUsers).where(and(eq(scimUsers.organizationId, org.id), eq(scimUsers.userId, userId)));
      if (linked) throw new ScimError(409, `${state.email} is provisioned already, under another userName.`, 'uniqueness');
    }
    const membership = state.active ? await startMembership(tx, org, userId, 'member') : null;
    const [inserted] = await tx
      .insert(scimUsers)
      .values({ organizationId: org.id, userId, userName: state.userName, externalId: state.externalId, active: state.active })
      .returning({ id: scimUsers.id });
    const how = existing ? (membership === 'existed' ? 'existing member linked' : 'existing account') : 'new account';
    await recordAdminAudit(tx, org.id, call.actor, { kind: 'member-provisioned', userId, detail: state.active ? how : `${how}; inactive` });
    return loadUser(tx, call, inserted!.id);
  });
  return (await represent(db, call, [row]))[0]!;
}

/**
 * Writes a user's new state (PUT, PATCH): names, userName, externalId, the email (only within the organization's
 * verified domains, and only to a free address), and `active`: false ends the membership and every session at once,
 * true gives the membership back with the role it had and its groups' products.
 */
async function writeUser(call: ScimCall, id: string, next: (current: UserState) => UserState) {
  const { db } = call.services;
  const row = await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, call.org.id, call.actor);
    const current = await loadUser(tx, call, id, true);
    const state = next(current);
    if (state.userName.toLowerCase() !== current.userName.toLowerCase()) await assertUserNameFree(tx, org, state.userName, current.id);
    if (state.email !== current.email) {
      await assertOwnDomain(tx, org, current.email);
      await assertOwnDomain(tx, org, state.email);
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, state.email));
      if (taken) throw new ScimError(409, `Another account has the address ${state.email}.`, 'uniqueness');
    }
    if (state.email !== current.email || state.givenName !== current.givenName || state.familyName !== current.familyName) {
      await tx.update(users).set({ email: state.email, firstName: state.givenName, lastName: state.familyName, updatedAt: sql`now()` }).where(eq(users.id, current.userId));
    }
    let role = current.role;
    if (current.active && !state.active) {
      const ended = await endMembership(tx, call.services, org, current.userId);
      role = ended?.role ?? role;
      await recordAdminAudit(tx, org.id, call.actor, { kind: 'member-deactivated', userId: current.userId, detail: sessionsEnded(ended?.endedSessions ?? 0) });
    }
    await tx
      .update(scimUsers)
      .set({ userName: state.userName, externalId: state.externalId, active: state.active, role, updatedAt: sql`now()` })
      .where(eq(scimUsers.id, current.id));
    if (!current.active && state.active) {
      await startMembership(tx, org, current.userId, role);
      await recordAdminAudit(tx, org.id, call.actor, { kind: 'member-reactivated', userId: current.userId, detail: `as ${role}` });
      await recomputeAccess(tx, org, call.actor, [current.id]);
    }
    return loadUser(tx, call, id);
  });
  return (await represent(db, call, [row]))[0]!;
}

export const replaceUser = (call: ScimCall, id: string, body: unknown) => writeUser(call, id, (current) => userStateOf(body, current));
export const patchUser = (call: ScimCall, id: string, operations: PatchOperation[]) => writeUser(call, id, (current) => applyUserPatch(current, operations));

/** DELETE /Users/{id}: the membership and sessions end (as deactivation), the SCIM user and its group memberships go; the account stays. */
export async function deleteUser(call: ScimCall, id: string): Promise<void> {
  await call.services.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, call.org.id, call.actor);
    const current = await loadUser(tx, call, id, true);
    const ended = await endMembership(tx, call.services, org, current.userId);
    await tx.delete(scimUsers).where(eq(scimUsers.id, current.id));
    const detail = ended ? `was ${ended.role}; ${sessionsEnded(ended.endedSessions)}` : 'was deactivated';
    await recordAdminAudit(tx, org.id, call.actor, { kind: 'member-removed', userId: current.userId, detail: `deprovisioned by the directory; ${detail}` });
  });
}
