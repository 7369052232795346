import { and, eq, inArray, sql } from 'drizzle-orm';
import { PRODUCT_KEYS, PRODUCT_LABELS, type ProductKey, type Role } from '../../shared/products';
import { recordAdminAudit, type AdminActor } from '../audit/audit-log';
import type { Db } from '../db/client';
import { memberships, scimGroupMembers, scimGroups, scimUsers, users } from '../db/schema';
import { adminCount, deleteGrants } from '../organizations/members';
import { planProducts, productNames, productsForRole, type OrganizationRow } from '../organizations/organization';
import type { Services } from '../services';
import { ScimError } from './errors';

/**
 * What provisioning does to memberships: a group's product, a member's product access from their groups, and the end
 * of a membership when the directory deactivates or deletes someone.
 */

/** The product a group grants: its displayName is a product's key or name ("hrms" or "HR", any case), else none. */
export function productOfGroup(displayName: string): ProductKey | null {
  const name = displayName.trim().toLowerCase();
  return PRODUCT_KEYS.find((key) => key === name || PRODUCT_LABELS[key].toLowerCase() === name) ?? null;
}

/**
 * Sets the product access of these provisioned people (active ones: those with a membership) to the union of their
 * groups' products, within the plan and what their role may open; each change audited as the console's are.
 */
export async function recomputeAccess(tx: Db, org: OrganizationRow, actor: AdminActor, scimUserIds: string[]): Promise<void> {
  if (scimUserIds.length === 0) return;
  const people = await tx
    .select({ scimUserId: scimUsers.id, userId: scimUsers.userId, role: memberships.role, productAccess: memberships.productAccess })
    .from(scimUsers)
    .innerJoin(memberships, and(eq(memberships.userId, scimUsers.userId), eq(memberships.organizationId, org.id)))
    .where(and(eq(scimUsers.organizationId, org.id), inArray(scimUsers.id, [...new Set(scimUserIds)])))
    .orderBy(scimUsers.id)
    .for('update', { of: memberships });
  const groupRows = await tx
    .select({ scimUserId: scimGroupMembers.scimUserId, displayName: scimGroups.displayName })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(inArray(scimGroupMembers.scimUserId, people.map((person) => person.scimUserId)));
  const plan = planProducts(org);
  for (const person of people) {
    const granted = new Set(groupRows.filter((row) => row.scimUserId === person.scimUserId).map((row) => productOfGroup(row.displayName)));
    const products = productsForRole(person.role, PRODUCT_KEYS.filter((key) => granted.has(key) && plan.includes(key)));
    if (products.join() === person.productAccess.join()) continue;
    await tx
      .update(memberships)
      .set({ productAccess: products, updatedAt: sql`now()` })
      .where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, person.userId)));
    await recordAdminAudit(tx, org.id, actor, {
      kind: 'member-access-changed',
      userId: person.userId,
      detail: `${productNames(person.productAccess)} → ${productNames(products)} (directory groups)`,
    });
  }
}

/**
 * Ends a provisioned person's membership (deactivation or deletion), in the caller's transaction: the membership, the
 * OpenID grants of this organization, and every session of theirs (a session reaches all of a person's organizations,
 * as when an admin removes a member: see organizations/members.ts). Their connections are told when it commits. The
 * organization's last admin is never deprovisioned (409). Returns the role they had and the sessions ended.
 */
export async function endMembership(tx: Db, { sessions }: Pick<Services, 'sessions'>, org: OrganizationRow, userId: string): Promise<{ role: Role; endedSessions: number } | null> {
  const [membership] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, userId)))
    .for('update');
  if (!membership) return null;
  if (membership.role === 'admin' && (await adminCount(tx, org)) <= 1) {
    throw new ScimError(409, `This person is the last admin of ${org.company}: make someone else an admin in the console first.`);
  }
  await tx.delete(memberships).where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, userId)));
  await tx.update(users).set({ activeOrgId: null }).where(and(eq(users.id, userId), eq(users.activeOrgId, org.id)));
  await deleteGrants(tx, org.orgId, userId);
  const endedSessions = await sessions.revokeAllForUser(userId, undefined, tx);
  return { role: membership.role, endedSessions };
}

export const sessionsEnded = (count: number) => `${count} session${count === 1 ? '' : 's'} ended`;

/** (Re)creates the membership of an active provisioned person, with their role and no products yet (groups grant them). */
export async function startMembership(tx: Db, org: OrganizationRow, userId: string, role: Role): Promise<'created' | 'existed'> {
  const inserted = await tx
    .insert(memberships)
    .values({ userId, organizationId: org.id, role, productAccess: [] })
    .onConflictDoNothing({ target: [memberships.userId, memberships.organizationId] })
    .returning({ id: memberships.id });
  return inserted.length > 0 ? 'created' : 'existed';
}
