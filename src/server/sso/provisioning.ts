import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { findUserById, type UserRow } from '../accounts/queries';
import { auditInsert } from '../audit/audit-log';
import type { CallOrigin } from '../auth/device';
import { unusablePasswordHash } from '../auth/passwords';
import type { Db } from '../db/client';
import { memberships, organizationDomains, scimUsers, ssoLinks, users } from '../db/schema';
import type { OrganizationRow } from '../organizations/organization';
import { planProducts, productsForRole } from '../organizations/organization';
import type { ConnectionRow } from './settings';
import { domainOf, type SsoIdentity } from './identity';

/** Why a company sign-in found no account it may sign in to (for the audit; the user reads SSO_MESSAGES). */
export type ProvisioningRefusal = 'no-email' | 'unverified-domain' | 'deactivated';

/** Whether the organization has verified the domain of this address: only then may its provider vouch for the address. */
export async function ownsAddress(db: Db, organizationId: string, email: string | null): Promise<boolean> {
  const domain = domainOf(email);
  if (!domain) return false;
  const [row] = await db
    .select({ id: organizationDomains.id })
    .from(organizationDomains)
    .where(and(eq(organizationDomains.organizationId, organizationId), eq(organizationDomains.domain, domain), isNotNull(organizationDomains.verifiedAt)));
  return row !== undefined;
}

const nameOr = (value: string | null, fallback: string) => (value ?? fallback).slice(0, 100);

/**
 * The account a company's provider signs in (issue 25, just-in-time membership):
 * - a person linked before (connection + subject): that account, its names updated from the provider;
 * - else, only for an address on a domain the organization has verified (a provider vouches for its own company's
 *   addresses, never for another's): the account of that address, or a new one (verified, no password chosen), linked,
 *   and a member of the organization with the connection's default role and products when it was not one.
 * An account that was waiting for its address to be verified counts as verified now, and its password, never proven,
 * as not chosen (so nobody who signed up with someone else's address keeps a way in). Two first sign-ins at once make
 * one account and one link.
 */
export async function accountFor(
  db: Db,
  connection: ConnectionRow,
  org: OrganizationRow,
  identity: SsoIdentity,
  origin: CallOrigin,
): Promise<{ user: UserRow; joined: boolean } | { refused: ProvisioningRefusal }> {
  const [linked] = await db
    .update(ssoLinks)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(ssoLinks.connectionId, connection.id), eq(ssoLinks.subject, identity.subject)))
    .returning({ userId: ssoLinks.userId });
  if (linked) {
    if (await deactivatedByDirectory(db, org.id, linked.userId)) return { refused: 'deactivated' };
    await refreshNames(db, linked.userId, identity);
    const user = await findUserById(db, linked.userId);
    if (user) return { user, joined: false };
  }
  if (!identity.email) return { refused: 'no-email' };
  if (!(await ownsAddress(db, org.id, identity.email))) return { refused: 'unverified-domain' };
  const email = identity.email;
  // Only for an address without an account: the hash of a password nobody knows.
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const unusable = existing ? null : await unusablePasswordHash();

  return db.transaction(async (tx) => {
    if (unusable) {
      await tx
        .insert(users)
        .values({ email, passwordHash: unusable, passwordChosen: false, firstName: nameOr(identity.givenName, email.split('@')[0]!), lastName: nameOr(identity.familyName, ''), verified: true })
        .onConflictDoNothing();
    }
    const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (!user) throw new Error('account vanished during a company sign-in');
    // Someone the organization's directory turned off (SCIM) does not join again through the company's sign-in.
    if (await deactivatedByDirectory(tx, org.id, user.id)) return { refused: 'deactivated' as const };
    if (!user.verified) await tx.update(users).set({ verified: true, passwordChosen: false, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await tx.insert(ssoLinks).values({ connectionId: connection.id, subject: identity.subject, userId: user.id, email }).onConflictDoNothing();
    const products = productsForRole(connection.defaultRole, connection.defaultProducts).filter((product) => planProducts(org).includes(product));
    const [joined] = await tx
      .insert(memberships)
      .values({ userId: user.id, organizationId: org.id, role: connection.defaultRole, productAccess: products })
      .onConflictDoNothing()
      .returning({ id: memberships.id });
    if (joined) {
      await auditInsert(tx, user.id, {
        kind: 'sso-member-joined',
        organizationId: org.id,
        actor: `sign-in connection ${connection.name}`,
        subject: email,
        detail: `${connection.defaultRole}, ${products.join(', ') || 'no products'}`,
        origin,
      });
    }
    const fresh = (await findUserById(tx, user.id))!;
    return { user: fresh, joined: joined !== undefined };
  });
}

/** A later sign-in brings the provider's names: kept when they changed. */
async function refreshNames(db: Db, userId: string, identity: SsoIdentity): Promise<void> {
  const set: Partial<Pick<UserRow, 'firstName' | 'lastName'>> = {};
  if (identity.givenName) set.firstName = identity.givenName.slice(0, 100);
  if (identity.familyName) set.lastName = identity.familyName.slice(0, 100);
  if (Object.keys(set).length === 0) return;
  await db
    .update(users)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`(${users.firstName}, ${users.lastName}) is distinct from (${set.firstName ?? users.firstName}, ${set.lastName ?? users.lastName})`));
}

/** Whether the organization's directory deactivated this person by SCIM (they keep no membership until it reactivates them). */
async function deactivatedByDirectory(db: Db, organizationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ active: scimUsers.active })
    .from(scimUsers)
    .where(and(eq(scimUsers.organizationId, organizationId), eq(scimUsers.userId, userId)));
  return row !== undefined && !row.active;
}
