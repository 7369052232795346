import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import * as z from 'zod';
import { PRODUCT_LABELS } from '../../shared/products';
import { recordAdminAudit } from '../audit/audit-log';
import type { Db } from '../db/client';
import { scimGroupMembers, scimGroups, scimUsers } from '../db/schema';
import { lockOrganization } from '../organizations/organization';
import { productOfGroup, recomputeAccess } from './access';
import { invalidValue, notFound, ScimError } from './errors';
import { equalsIgnoringCase, filterCondition, uuidEquals } from './filter';
import { groupResource, listResponse, type PatchOperation } from './resources';
import type { ScimCall } from './users';

/**
 * SCIM Groups: the directory's groups of provisioned users. A group whose displayName is a product's key or name
 * grants that product (access.ts); every change of a group's name or members recomputes its members' product access
 * in the same transaction.
 */
const MembersSchema = z.array(z.looseObject({ value: z.string().max(100) })).max(10_000);
const GroupBodySchema = z.looseObject({ displayName: z.string().trim().min(1).max(200), externalId: z.string().trim().max(300).nullish(), members: MembersSchema.nullish() });

const GROUP_FILTERS = 'displayName eq, externalId eq, id eq, members[value eq "…"]';
const groupAttributes = {
  displayname: (value: string) => equalsIgnoringCase(scimGroups.displayName, value),
  externalid: (value: string) => sql`${scimGroups.externalId} = ${value}`,
  id: (value: string) => uuidEquals(scimGroups.id, value),
};
const memberPath = {
  value: (value: string) => sql`EXISTS (SELECT 1 FROM ${scimGroupMembers} WHERE ${scimGroupMembers.groupId} = ${scimGroups.id} AND ${uuidEquals(scimGroupMembers.scimUserId, value)})`,
};

const columns = { id: scimGroups.id, displayName: scimGroups.displayName, externalId: scimGroups.externalId, created: scimGroups.createdAt, lastModified: scimGroups.updatedAt };
type GroupRow = { id: string; displayName: string; externalId: string | null; created: Date; lastModified: Date };

const grants = (displayName: string) => {
  const product = productOfGroup(displayName);
  return product ? `grants ${PRODUCT_LABELS[product]}` : 'grants no product';
};

async function membersOf(db: Db, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: scimGroupMembers.groupId, id: scimUsers.id, userName: scimUsers.userName })
    .from(scimGroupMembers)
    .innerJoin(scimUsers, eq(scimUsers.id, scimGroupMembers.scimUserId))
    .where(inArray(scimGroupMembers.groupId, groupIds))
    .orderBy(asc(scimUsers.userName));
}

async function represent(db: Db, call: ScimCall, rows: GroupRow[], withMembers: boolean) {
  const members = withMembers ? await membersOf(db, rows.map((row) => row.id)) : [];
  return rows.map((row) => groupResource(call.baseUrl, row, withMembers ? members.filter((member) => member.groupId === row.id) : null));
}

async function loadGroup(db: Db, call: ScimCall, id: string, lock = false): Promise<GroupRow> {
  const query = db.select(columns).from(scimGroups).where(and(eq(scimGroups.organizationId, call.org.id), uuidEquals(scimGroups.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Group', id);
  return row;
}

export async function getGroup(call: ScimCall, id: string, withMembers: boolean) {
  return (await represent(call.services.db, call, [await loadGroup(call.services.db, call, id)], withMembers))[0]!;
}

export async function listGroups(call: ScimCall, filter: string | undefined, startIndex: number, pageSize: number, withMembers: boolean) {
  const where: SQL | undefined = filter === undefined ? undefined : filterCondition(filter, groupAttributes, { members: memberPath }, GROUP_FILTERS);
  const { db } = call.services;
  const scope = and(eq(scimGroups.organizationId, call.org.id), where);
  const [rows, [total]] = await Promise.all([
    db.select(columns).from(scimGroups).where(scope).orderBy(asc(scimGroups.createdAt), asc(scimGroups.id)).limit(pageSize).offset(startIndex - 1),
    db.select({ total: count() }).from(scimGroups).where(scope),
  ]);
  return listResponse(await represent(db, call, rows, withMembers), total?.total ?? 0, startIndex);
}

/** The provisioned users named by members' values; 400 naming the first that is not one of this organization. */
async function usersNamed(tx: Db, call: ScimCall, values: string[]): Promise<string[]> {
  const ids = [...new Set(values.map((value) => value.toLowerCase()))];
  if (ids.length === 0) return [];
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/.test(id));
  const found = valid.length === 0 ? [] : await tx.select({ id: scimUsers.id }).from(scimUsers).where(and(eq(scimUsers.organizationId, call.org.id), inArray(scimUsers.id, valid)));
  const missing = ids.find((id) => !found.some((row) => row.id === id));
  if (missing) throw invalidValue(`No user ${missing} is provisioned in this organization.`);
  return ids;
}

const membersIn = (value: unknown) => {
  const parsed = MembersSchema.safeParse(Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
  if (!parsed.success) throw invalidValue('members must be a list of {value} naming users.');
  return parsed.data.map((member) => member.value);
};

/** What a group change asks for: a new name or externalId, members to add or remove, or the whole member list. */
interface GroupChange {
  displayName?: string;
  externalId?: string | null;
  add: string[];
  remove: string[];
  removeAll: boolean;
}

/** PATCH operations on a group (both directories' shapes) as one change. */
function groupChangeOf(operations: PatchOperation[]): GroupChange {
  const change: GroupChange = { add: [], remove: [], removeAll: false };
  for (const { op, path, value } of operations) {
    const target = path?.trim().toLowerCase();
    const memberFilter = path?.match(/^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i);
    if (memberFilter && op === 'remove') change.remove.push(memberFilter[1]!);
    else if (target === 'members' && op === 'add') change.add.push(...membersIn(value));
    else if (target === 'members' && op === 'remove') {
      if (value === undefined || value === null) change.removeAll = true;
      else change.remove.push(...membersIn(value));
    } else if (target === 'members' && op === 'replace') {
      change.removeAll = true;
      change.add = membersIn(value);
    } else if (target === 'displayname' && op !== 'remove') change.displayName = GroupBodySchema.shape.displayName.parse(value);
    else if (target === 'externalid') change.externalId = op === 'remove' ? null : GroupBodySchema.shape.externalId.parse(value);
    else if (target === undefined && op !== 'remove' && typeof value === 'object' && value !== null) {
      const attributes = value as Record<string, unknown>;
      if (typeof attributes.displayName === 'string') change.displayName = GroupBodySchema.shape.displayName.parse(attributes.displayName);
      if ('externalId' in attributes) change.externalId = GroupBodySchema.shape.externalId.parse(attributes.externalId) ?? null;
      if ('members' in attributes) {
        if (op === 'replace') change.removeAll = true;
        change.add.push(...membersIn(attributes.members));
      }
    } else if (path !== undefined && target !== undefined && !target.startsWith('members')) continue;
    else throw new ScimError(400, `The operation ${op} ${path ?? '(no path)'} is not supported on a group.`, 'invalidPath');
  }
  return change;
}

/** One change of a group in one transaction: its name, its members, its members' product access, one audit line. */
async function changeGroup(call: ScimCall, id: string, change: GroupChange): Promise<void> {
  await call.services.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, call.org.id, call.actor);
    const group = await loadGroup(tx, call, id, true);
    const before = (await membersOf(tx, [group.id])).map((member) => member.id);
    const added = await usersNamed(tx, call, change.add);
    const removed = change.removeAll ? before : change.remove.map((value) => value.toLowerCase());
    const after = new Set(before.filter((member) => !removed.includes(member)));
    for (const member of added) after.add(member);
    const gone = before.filter((member) => !after.has(member));
    const joined = [...after].filter((member) => !before.includes(member));
    if (gone.length > 0) await tx.delete(scimGroupMembers).where(and(eq(scimGroupMembers.groupId, group.id), inArray(scimGroupMembers.scimUserId, gone)));
    if (joined.length > 0) await tx.insert(scimGroupMembers).values(joined.map((scimUserId) => ({ groupId: group.id, scimUserId })));
    const displayName = change.displayName ?? group.displayName;
    const renamed = displayName !== group.displayName;
    if (renamed || change.externalId !== undefined || gone.length + joined.length > 0) {
      await tx
        .update(scimGroups)
        .set({ displayName, externalId: change.externalId === undefined ? group.externalId : change.externalId, updatedAt: sql`now()` })
        .where(eq(scimGroups.id, group.id));
    }
    const productChanged = renamed && productOfGroup(displayName) !== productOfGroup(group.displayName);
    await recomputeAccess(tx, org, call.actor, productChanged ? [...before, ...joined] : [...gone, ...joined]);
    const parts = [renamed ? `renamed from ${group.displayName}; ${grants(displayName)}` : null, joined.length ? `${joined.length} added` : null, gone.length ? `${gone.length} removed` : null];
    if (parts.some(Boolean)) await recordAdminAudit(tx, org.id, call.actor, { kind: 'scim-group-changed', subject: displayName, detail: parts.filter(Boolean).join('; ') });
  });
}

export async function createGroup(call: ScimCall, body: unknown) {
  const parsed = GroupBodySchema.safeParse(body);
  if (!parsed.success) throw invalidValue(`The group's ${parsed.error.issues[0]?.path.join('.') || 'body'} is missing or not valid.`);
  const { displayName, externalId, members } = parsed.data;
  const { db } = call.services;
  const id = await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, call.org.id, call.actor);
    const [taken] = await tx.select({ id: scimGroups.id }).from(scimGroups).where(and(eq(scimGroups.organizationId, org.id), equalsIgnoringCase(scimGroups.displayName, displayName)));
    if (taken) throw new ScimError(409, `A group named ${displayName} exists already.`, 'uniqueness');
    const memberIds = await usersNamed(tx, call, (members ?? []).map((member) => member.value));
    const [group] = await tx.insert(scimGroups).values({ organizationId: org.id, displayName, externalId: externalId ?? null }).returning({ id: scimGroups.id });
    if (memberIds.length > 0) await tx.insert(scimGroupMembers).values(memberIds.map((scimUserId) => ({ groupId: group!.id, scimUserId })));
    await recomputeAccess(tx, org, call.actor, memberIds);
    await recordAdminAudit(tx, org.id, call.actor, { kind: 'scim-group-changed', subject: displayName, detail: `created; ${grants(displayName)}; ${memberIds.length} members` });
    return group!.id;
  });
  return getGroup(call, id, true);
}

export const patchGroup = (call: ScimCall, id: string, operations: PatchOperation[]) => changeGroup(call, id, groupChangeOf(operations));

/** PUT: the group's name, externalId and whole member list. */
export async function replaceGroup(call: ScimCall, id: string, body: unknown) {
  const parsed = GroupBodySchema.safeParse(body);
  if (!parsed.success) throw invalidValue(`The group's ${parsed.error.issues[0]?.path.join('.') || 'body'} is missing or not valid.`);
  const { displayName, externalId, members } = parsed.data;
  await changeGroup(call, id, { displayName, externalId: externalId ?? null, add: (members ?? []).map((member) => member.value), remove: [], removeAll: true });
  return getGroup(call, id, true);
}

export async function deleteGroup(call: ScimCall, id: string): Promise<void> {
  await call.services.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, call.org.id, call.actor);
    const group = await loadGroup(tx, call, id, true);
    const members = (await membersOf(tx, [group.id])).map((member) => member.id);
    await tx.delete(scimGroups).where(eq(scimGroups.id, group.id));
    await recomputeAccess(tx, org, call.actor, members);
    await recordAdminAudit(tx, org.id, call.actor, { kind: 'scim-group-changed', subject: group.displayName, detail: `deleted; ${members.length} members` });
  });
}
