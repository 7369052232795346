import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, organizationDomains, organizations, ssoConnections } from '../db/schema';
import { domainOf } from './identity';

/**
 * Whether a password sign-in of this account is refused because its address's domain is verified by an organization
 * with an enforced connection that is on (issue 25: enforcement). The organization's admins keep their password (a
 * break-glass way in when the provider is down or misconfigured). Asked only after the password was right, so the
 * answer tells nothing about accounts; the company's name is what discovery already shows for that domain.
 */
export async function enforcedCompanySignIn(db: Db, user: { id: string; email: string }): Promise<{ company: string } | null> {
  const domain = domainOf(user.email);
  if (!domain) return null;
  const [found] = await db
    .select({ organizationId: organizations.id, company: organizations.company })
    .from(organizationDomains)
    .innerJoin(organizations, eq(organizations.id, organizationDomains.organizationId))
    .innerJoin(ssoConnections, and(eq(ssoConnections.organizationId, organizations.id), eq(ssoConnections.enabled, true), eq(ssoConnections.enforced, true)))
    .where(and(eq(organizationDomains.domain, domain), isNotNull(organizationDomains.verifiedAt)))
    .limit(1);
  if (!found) return null;
  const [admin] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, found.organizationId), eq(memberships.userId, user.id), eq(memberships.role, 'admin')));
  return admin ? null : { company: found.company };
}
