import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import * as z from 'zod';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { AUDIT_EXPORT_MAX_ROWS, type AuditEntry, type AuditFilter, type AuditQuerySchema, type MemberAuditEntry } from '../../shared/protocol/security-schemas';
import { membershipsOf, reachableFrom } from '../accounts/queries';
import type { Db } from '../db/client';
import { auditEvents, memberships, organizations, users } from '../db/schema';

type AuditQuery = z.output<typeof AuditQuerySchema>;

export const NOT_YOUR_ORGANIZATION = 'Only an administrator of this organization can see its audit.';

/** The organization a caller administers, reachable from their address (its IP ranges apply here too); else 403. */
export async function administeredOrganization(db: Db, userId: string, orgId: string, ip: string | null): Promise<typeof organizations.$inferSelect> {
  const mine = reachableFrom(await membershipsOf(db, userId), ip).find((membership) => membership.org.orgId === orgId && membership.role === 'admin');
  // The same refusal for an organization that does not exist: nothing here says which organizations there are.
  if (!mine) throw new CallError(ERROR_CODES.FORBIDDEN, NOT_YOUR_ORGANIZATION);
  return mine.org;
}

/** `%term%` for ILIKE, with the term's own % _ and \ taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const memberName = sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, ${auditEvents.subject}, '')`;

/** The filter as conditions; `forMembers` also searches the member's name and email. */
function filterConditions(filter: AuditFilter | undefined, forMembers: boolean): SQL[] {
  const conditions: SQL[] = [];
  if (filter?.kinds && filter.kinds.length > 0) conditions.push(inArray(auditEvents.kind, filter.kinds));
  if (filter?.from) conditions.push(gte(auditEvents.createdAt, new Date(filter.from)));
  if (filter?.to) conditions.push(lte(auditEvents.createdAt, new Date(filter.to)));
  if (filter?.search) {
    const pattern = containing(filter.search);
    const fields: (AnyPgColumn | SQL)[] = [auditEvents.ip, auditEvents.device, auditEvents.detail, auditEvents.platform];
    if (forMembers) fields.push(users.email, memberName, auditEvents.actor);
    conditions.push(or(...fields.map((field) => ilike(field, pattern)))!);
  }
  return conditions;
}

/** The sort object ({param: 1 | -1}) as ORDER BY, newest first by default and as the tie-break. */
function ordering(sort: AuditQuery['sort']): SQL[] {
  const [param, direction] = Object.entries(sort ?? {})[0] ?? ['at', -1];
  const column = { at: auditEvents.createdAt, kind: auditEvents.kind, ip: auditEvents.ip, member: memberName }[param as 'at'];
  const by = direction === 1 ? asc : desc;
  return [by(column), desc(auditEvents.createdAt), desc(auditEvents.id)];
}

const entryColumns = {
  id: auditEvents.id,
  createdAt: auditEvents.createdAt,
  kind: auditEvents.kind,
  detail: auditEvents.detail,
  ip: auditEvents.ip,
  device: auditEvents.device,
  platform: auditEvents.platform,
  actor: auditEvents.actor,
};

type EntryRow = { id: string; createdAt: Date; kind: AuditEntry['kind']; detail: string | null; ip: string | null; device: string | null; platform: string | null; actor: string | null };

const toEntry = ({ createdAt, ...row }: EntryRow): AuditEntry => ({ ...row, at: createdAt.toISOString() });

/** One page of a user's own audit log. */
export async function historyPage(db: Db, userId: string, query: AuditQuery): Promise<{ list: AuditEntry[]; total: number }> {
  const where = and(eq(auditEvents.userId, userId), ...filterConditions(query.filter, false));
  const [rows, [counted]] = await Promise.all([
    db
      .select(entryColumns)
      .from(auditEvents)
      .where(where)
      .orderBy(...ordering(query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return { list: rows.map(toEntry), total: counted?.total ?? 0 };
}

/**
 * An organization's audit: the events of its members, each since the member joined (an admin never reads what a
 * person did before they belonged to the organization), and every change made in its administration (`organizationId`
 * set: an invitation, a role, a policy, an app), whoever it concerned and whether or not they are still a member.
 * Filtered and sorted like the table.
 */
function memberEvents(db: Db, organizationId: string, filter: AuditFilter | undefined) {
  const membership = and(eq(memberships.userId, auditEvents.userId), eq(memberships.organizationId, organizationId));
  const belongs = or(
    eq(auditEvents.organizationId, organizationId),
    and(isNull(auditEvents.organizationId), isNotNull(memberships.id), gte(auditEvents.createdAt, memberships.createdAt)),
  );
  return {
    rows: (sort: AuditQuery['sort']) =>
      db
        .select({ ...entryColumns, firstName: users.firstName, lastName: users.lastName, email: users.email, subject: auditEvents.subject })
        .from(auditEvents)
        .leftJoin(memberships, membership)
        .leftJoin(users, eq(users.id, auditEvents.userId))
        .where(and(belongs, ...filterConditions(filter, true)))
        .orderBy(...ordering(sort))
        .$dynamic(),
    total: () =>
      db
        .select({ total: count() })
        .from(auditEvents)
        .leftJoin(memberships, membership)
        .leftJoin(users, eq(users.id, auditEvents.userId))
        .where(and(belongs, ...filterConditions(filter, true))),
  };
}

type MemberRow = EntryRow & { firstName: string | null; lastName: string | null; email: string | null; subject: string | null };

const toMemberEntry = ({ firstName, lastName, email, subject, ...row }: MemberRow): MemberAuditEntry => ({
  ...toEntry(row),
  // An event about no account (an invited address, an app) names what it concerns instead.
  member: email === null ? { name: '', email: subject ?? '' } : { name: `${firstName ?? ''} ${lastName ?? ''}`.trim(), email },
});

/** One page of an organization's audit. */
export async function organizationAuditPage(db: Db, organizationId: string, query: AuditQuery): Promise<{ list: MemberAuditEntry[]; total: number }> {
  const events = memberEvents(db, organizationId, query.filter);
  const [rows, [counted]] = await Promise.all([
    events.rows(query.sort).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    events.total(),
  ]);
  return { list: rows.map(toMemberEntry), total: counted?.total ?? 0 };
}

/** The export's rows: newest first, at most AUDIT_EXPORT_MAX_ROWS, and whether there were more. */
export async function organizationAuditRows(db: Db, organizationId: string, filter: AuditFilter | undefined): Promise<{ rows: MemberAuditEntry[]; truncated: boolean }> {
  const rows = await memberEvents(db, organizationId, filter)
    .rows(undefined)
    .limit(AUDIT_EXPORT_MAX_ROWS + 1);
  return { rows: rows.slice(0, AUDIT_EXPORT_MAX_ROWS).map(toMemberEntry), truncated: rows.length > AUDIT_EXPORT_MAX_ROWS };
}
