import { signedInActor } from '../audit/audit-log';
import { administeredOrganization } from '../audit/audit-queries';
import { deleteApp, listApps, registerApp, rotateAppSecret, updateApp } from '../organizations/apps';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/**
 * The admin console's apps (/admin/{orgId}/apps): the organization's OAuth / OpenID Connect clients. Admin check
 * first, then the `adminChange` budget for changes, then the domain (organizations/apps.ts). A secret is in a reply
 * once and never logged.
 */
export function adminAppHandlers(services: Services): HandlerMap {
  const { db, log } = services;
  return {
    async getOrganizationApps(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      return { list: await listApps(db, org) };
    },

    async registerApp(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const registered = await registerApp(services, org, signedInActor(ctx), payload);
      log.info('admin.app-registered', { orgId: org.orgId, by: ctx.user.id, clientId: registered.app.clientId });
      return registered;
    },

    async updateApp(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const app = await updateApp(services, org, signedInActor(ctx), payload);
      log.info('admin.app-changed', { orgId: org.orgId, by: ctx.user.id, clientId: app.clientId, disabled: app.disabled });
      return { app };
    },

    async rotateAppSecret(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const rotated = await rotateAppSecret(services, org, signedInActor(ctx), payload.clientId);
      log.info('admin.app-secret-rotated', { orgId: org.orgId, by: ctx.user.id, clientId: payload.clientId });
      return rotated;
    },

    async deleteApp(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      await deleteApp(services, org, signedInActor(ctx), payload.clientId);
      log.info('admin.app-deleted', { orgId: org.orgId, by: ctx.user.id, clientId: payload.clientId });
      return { success: true as const };
    },
  };
}
