import { and, eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { PRODUCT_KEYS, PRODUCT_LABELS, TILE_ROLES, type ProductKey, type Role } from '../../shared/products';
import type { AdminActor } from '../audit/audit-log';
import { NOT_YOUR_ORGANIZATION } from '../audit/audit-queries';
import type { Db } from '../db/client';
import { memberships, organizations } from '../db/schema';

export type OrganizationRow = typeof organizations.$inferSelect;

/** One row's problem, as `data.issues` carries it (the path of the payload field, and a message a person can act on). */
export interface Issue {
  path: string;
  message: string;
}

/** A refusal naming every row at fault: the first issue's message, counting the others. */
export function refusal(code: 400 | 409, issues: Issue[]): CallError {
  const [first] = issues;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more ${issues.length === 2 ? 'row' : 'rows'})` : '';
  return new CallError(code, `${first!.message}${more}`, { fields: [...new Set(issues.map((issue) => issue.path))], issues });
}

/**
 * Starts a change of an organization's administration, inside its transaction: locks the organization's row first
 * (`SELECT … FOR UPDATE`), so every change of its members, invitations, policy and apps waits for the one before it
 * (on PostgreSQL; PGlite runs one transaction at a time anyway), and returns the row as it is now. A signed-in admin
 * must still be an admin once the lock is theirs: one whom a change just before demoted or removed is refused with the
 * admin check's 403, so two admins demoting each other at once leave one admin, never none.
 */
export async function lockOrganization(tx: Db, organizationId: string, actor: AdminActor): Promise<OrganizationRow> {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).for('update');
  if (!org) throw new CallError(ERROR_CODES.FORBIDDEN, NOT_YOUR_ORGANIZATION);
  if (actor.kind === 'user') {
    const [admin] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, actor.user.id), eq(memberships.role, 'admin')));
    if (!admin) throw new CallError(ERROR_CODES.FORBIDDEN, NOT_YOUR_ORGANIZATION);
  }
  return org;
}

/** The products the organization's plan grants, in the spec's order. */
export function planProducts(org: Pick<OrganizationRow, 'plan'>): ProductKey[] {
  return PRODUCT_KEYS.filter((key) => org.plan[key] === true);
}

/** Product names as a person reads them ("HR, Chat"), or "none". */
export const productNames = (products: readonly ProductKey[]) => (products.length === 0 ? 'none' : products.map((key) => PRODUCT_LABELS[key]).join(', '));

/**
 * What is wrong with giving `products` to someone of `role` in this organization (spec section 6): each must be in the
 * plan, and a tile the role may open at all (a client: Project only; Survey: admins only). One issue per product, at
 * `{path}.{index}`, naming it.
 */
export function productAccessIssues(org: Pick<OrganizationRow, 'plan' | 'company'>, role: Role, products: readonly ProductKey[], path: string): Issue[] {
  const issues: Issue[] = [];
  products.forEach((product, index) => {
    const label = PRODUCT_LABELS[product];
    if (org.plan[product] !== true) issues.push({ path: `${path}.${index}`, message: `${label} is not in ${org.company}'s plan.` });
    else if (!TILE_ROLES[product].includes(role)) issues.push({ path: `${path}.${index}`, message: `${label} cannot be opened by a ${role}: choose another product or role.` });
  });
  return issues;
}

/** The products of `products` a `role` may open at all (a role change drops the others). */
export function productsForRole(role: Role, products: readonly ProductKey[]): ProductKey[] {
  return products.filter((product) => TILE_ROLES[product].includes(role));
}
