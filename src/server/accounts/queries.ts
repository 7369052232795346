import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, organizations, users } from '../db/schema';
import { addressAllowed } from '../auth/ip-ranges';

export type UserRow = typeof users.$inferSelect;

/** A user by email or user name (both stored in lower case). */
export async function findUserByIdentifier(db: Db, identifier: string): Promise<UserRow | null> {
  const value = identifier.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, value), eq(users.userName, value)))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
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
  const rows = await db
    .select({ role: memberships.role, productAccess: memberships.productAccess, org: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(memberships.organizationId, organizations.id))
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.createdAt, organizations.company);
  return rows;
}

/** Of a user's memberships, those usable from this address: an organization whose IP ranges exclude it is left out. */
export function reachableFrom(all: MembershipWithOrg[], ip: string | null): MembershipWithOrg[] {
  return all.filter((membership) => addressAllowed(ip, membership.org.allowedIpRanges));
}

/** The memberships a caller may use from this address. */
export async function reachableMemberships(db: Db, userId: string, ip: string | null): Promise<MembershipWithOrg[]> {
  return reachableFrom(await membershipsOf(db, userId), ip);
}

/** The active membership: the recorded active organization if still reachable, else the first reachable one. */
export function pickActive(user: UserRow, reachable: MembershipWithOrg[]): MembershipWithOrg | null {
  return reachable.find((membership) => membership.org.id === user.activeOrgId) ?? reachable[0] ?? null;
}

/** Whether any of the user's companies requires a second factor. */
export function companyRequiresMfa(all: MembershipWithOrg[]): boolean {
  return all.some((membership) => membership.org.mfaEmail || membership.org.mfaAuthenticatorApp);
}
