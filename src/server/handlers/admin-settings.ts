import { signedInActor } from '../audit/audit-log';
import { administeredOrganization } from '../audit/audit-queries';
import { updateBranding } from '../organizations/branding';
import { updateOrganizationLanguage } from '../organizations/language';
import { organizationSettings, updateIpRanges, updateSecondFactorPolicy } from '../organizations/policy';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/**
 * The admin console's security policy, branding and sign-in language (/admin/{orgId}/security, /branding, /sign-in):
 * the settings, the company's second factor, its IP ranges, its name and logo, the language of its signed-out pages.
 * Admin check first, then the `adminChange` budget for changes, then the domain (organizations/policy.ts, branding.ts,
 * language.ts).
 */
export function adminSettingsHandlers(services: Services): HandlerMap {
  const { db, log } = services;
  return {
    async getOrganizationSettings(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      return organizationSettings(org, ctx.ip);
    },

    async updateSecondFactorPolicy(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const { org: changed, endedSessions } = await updateSecondFactorPolicy(services, org, signedInActor(ctx), payload);
      log.info('admin.second-factor-policy', { orgId: org.orgId, by: ctx.user.id, policy: payload.secondFactor, endedSessions });
      return { settings: organizationSettings(changed, ctx.ip), endedSessions };
    },

    async updateIpRanges(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const changed = await updateIpRanges(services, org, signedInActor(ctx), payload);
      log.info('admin.ip-ranges', { orgId: org.orgId, by: ctx.user.id, ranges: payload.allowedIpRanges.length });
      return { settings: organizationSettings(changed, ctx.ip) };
    },

    async updateBranding(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const changed = await updateBranding(services, org, signedInActor(ctx), payload);
      log.info('admin.branding', { orgId: org.orgId, by: ctx.user.id });
      return { settings: organizationSettings(changed, ctx.ip) };
    },

    async updateOrganizationLanguage(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const changed = await updateOrganizationLanguage(services, org, signedInActor(ctx), payload);
      log.info('admin.organization-language', { orgId: org.orgId, by: ctx.user.id, language: payload.language });
      return { settings: organizationSettings(changed, ctx.ip) };
    },
  };
}
