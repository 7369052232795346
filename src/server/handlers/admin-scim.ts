import { signedInActor } from '../audit/audit-log';
import { administeredOrganization } from '../audit/audit-queries';
import type { HandlerMap } from '../pipeline/context';
import { issueScimToken, revokeScimToken, scimSettings } from '../scim/tokens';
import type { Services } from '../services';

/**
 * The admin console's SCIM provisioning (/admin/{orgId}/sign-in): the base URL and the token in force, issue or
 * rotate the token (shown once), revoke it. Admin check first; changes spend `adminChange`; the domain is scim/tokens.ts.
 */
export function adminScimHandlers(services: Services): HandlerMap {
  const { db, log, config } = services;
  return {
    async getScimSettings(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      return scimSettings(db, config.publicUrl, org);
    },

    async issueScimToken(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const issued = await issueScimToken(services, org, signedInActor(ctx));
      log.info('admin.scim-token-issued', { orgId: org.orgId, by: ctx.user.id });
      return issued;
    },

    async revokeScimToken(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      await revokeScimToken(services, org, signedInActor(ctx));
      log.info('admin.scim-token-revoked', { orgId: org.orgId, by: ctx.user.id });
      return { success: true as const };
    },
  };
}
