import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { memberships, organizations, users } from '../db/schema';
import { addressAllowed } from '../auth/ip-ranges';
import type { AccountCache } from './account-cache';

export type UserRow = typeof users.$inferSelect;

/** An id no row has: a lookup for an unknown account runs the same statement as one for a known account, and finds nothing. */
export const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

// Prepared statements (db/prepared.ts): every sign-in and every cache miss runs these.
const userByIdentifier = (db: Db) =>
  db
    .select()
    .from(users)
    .where(or(eq(users.email, sql.placeholder('value')), eq(users.userName, sql.placeholder('value'))))
    .limit(1);
const userById = (db: Db) => db.select().from(users).where(eq(users.id, sql.placeholder('id')));
const membershipsOfUser = (db: Db) =>
  db
    .select({ role: memberships.role, productAccess: memberships.productAccess, org: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(memberships.organizationId, organizations.id))
    .where(eq(memberships.userId, sql.placeholder('userId')))
    .orderBy(memberships.createdAt, organizations.company);

/** A user by email or user name (both stored in lower case). */
export async function findUserByIdentifier(db: Db, identifier: string): Promise<UserRow | null> {
  const value = identifier.trim().toLowerCase();
  const [row] = await prepared(db, userByIdentifier).execute({ value });
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await prepared(db, userById).execute({ id });
  return row ?? null;
}

/** A membership with its organization. */
export interface MembershipWithOrg {
  role: (typeof memberships.$inferSelect)['role'];
  productAccess: (typeof memberships.$inferSelect)['productAccess'];
  org: typeof organizations.$inferSelect;
}

/** The organizations a user belongs to, oldest membership first. */
export async function membershipsOf(db: Db, userId: string): Promise<MembershipWithOrg[]> {
  return prepared(db, membershipsOfUser).execute({ userId });
}

/** A user's memberships, from the account cache when warm (every call of the workspace reads them). */
export function cachedMembershipsOf(cache: AccountCache, db: Db, userId: string): Promise<MembershipWithOrg[]> {
  return cache.get('memberships', userId, () => membershipsOf(db, userId));
}

/** Of a user's memberships, those usable from this address: an organization whose IP ranges exclude it is left out. */
export function reachableFrom(all: MembershipWithOrg[], ip: string | null): MembershipWithOrg[] {
  return all.filter((membership) => addressAllowed(ip, membership.org.allowedIpRanges));
}


/** The active membership: the recorded active organization if still reachable, else the first reachable one. */
export function pickActive(user: UserRow, reachable: MembershipWithOrg[]): MembershipWithOrg | null {
  return reachable.find((membership) => membership.org.id === user.activeOrgId) ?? reachable[0] ?? null;
}

/**
 * A signed-in user's memberships as every call sees them: all of them, those reachable from this address, and the
 * active one (`pickActive`). `authenticate` and `getWorkspaceList` both answer `activeOrgId` from this, so they agree.
 */
export async function workspaceOf(cache: AccountCache, db: Db, user: UserRow, ip: string | null) {
  const all = await cachedMembershipsOf(cache, db, user.id);
  const reachable = reachableFrom(all, ip);
  return { all, reachable, active: pickActive(user, reachable) };
}

/** Whether any of the user's companies requires a second factor. */
export function companyRequiresMfa(all: MembershipWithOrg[]): boolean {
  return all.some((membership) => membership.org.mfaEmail || membership.org.mfaAuthenticatorApp);
}
