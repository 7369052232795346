import { signedInActor } from '../audit/audit-log';
import { administeredOrganization } from '../audit/audit-queries';
import { createTxtResolver } from '../organizations/domain-dns';
import { claimDomain, listDomains, removeDomain, verifyDomain } from '../organizations/domains';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/**
 * The admin console's verified domains (/admin/{orgId}/sign-in): claim, check the TXT record, remove. Admin check
 * first, then the `adminChange` budget for changes and checks, then the domain (organizations/domains.ts). The TXT
 * lookups go to DNS_SERVERS, or the system's resolvers.
 */
export function adminDomainHandlers(services: Services): HandlerMap {
  const { db, log } = services;
  const resolver = createTxtResolver(services.config.dnsServers);
  return {
    async getOrganizationDomains(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      return { list: await listDomains(db, org) };
    },

    async claimDomain(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const domain = await claimDomain(services, org, signedInActor(ctx), payload.domain);
      log.info('admin.domain-claimed', { orgId: org.orgId, by: ctx.user.id, domain: domain.domain });
      return { domain };
    },

    async verifyDomain(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const domain = await verifyDomain(services, resolver, org, signedInActor(ctx), payload.domain);
      log.info('admin.domain-verified', { orgId: org.orgId, by: ctx.user.id, domain: domain.domain });
      return { domain };
    },

    async removeDomain(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      await removeDomain(services, org, signedInActor(ctx), payload.domain);
      log.info('admin.domain-removed', { orgId: org.orgId, by: ctx.user.id, domain: payload.domain });
      return { success: true as const };
    },
  };
}
