import { CallError, ERROR_CODES } from '../../shared/protocol';
import { signedInActor } from '../audit/audit-log';
import { administeredOrganization } from '../audit/audit-queries';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';
import { SsoRefusal } from '../sso/sso-sign-in';
import { connectionOf, createConnection, deleteConnection, listConnections, updateConnection } from '../sso/connections';

/** The test could not start: the provider's discovery document or metadata did not answer. */
const PROVIDER_SILENT = 'The provider did not answer at this address. Check the issuer URL (or metadata), then try again.';

/**
 * The admin console's sign-in connections (/admin/{orgId}/sign-in): the organization's own identity providers. Admin
 * check first, then the `adminChange` budget for changes, then the domain (sso/connections.ts). A test sign-in is
 * bound to the admin who starts it and comes back to the console.
 */
export function adminSsoHandlers(services: Services): HandlerMap {
  const { db, log, config, sso } = services;
  return {
    async getSsoConnections(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      return { list: await listConnections(db, org, config.publicUrl) };
    },

    async createSsoConnection(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const connection = await createConnection(services, org, signedInActor(ctx), payload);
      log.info('admin.sso-connection-added', { orgId: org.orgId, by: ctx.user.id, connectionId: connection.id, kind: connection.kind });
      return { connection };
    },

    async updateSsoConnection(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const connection = await updateConnection(services, org, signedInActor(ctx), payload);
      log.info('admin.sso-connection-changed', { orgId: org.orgId, by: ctx.user.id, connectionId: connection.id });
      return { connection };
    },

    async deleteSsoConnection(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      await deleteConnection(services, org, signedInActor(ctx), payload.connectionId);
      log.info('admin.sso-connection-removed', { orgId: org.orgId, by: ctx.user.id, connectionId: payload.connectionId });
      return { success: true as const };
    },

    async startSsoTest(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const row = await connectionOf(db, org, payload.connectionId);
      try {
        const url = await sso.start(row, { purpose: 'test', binding: `admin:${ctx.user.id}` });
        return { url: url.href };
      } catch (error) {
        if (error instanceof SsoRefusal) throw new CallError(ERROR_CODES.INTERNAL, PROVIDER_SILENT);
        throw error;
      }
    },

    async getSsoTestResult(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      return { result: await sso.testResult(org, payload.handoff, ctx.user.id) };
    },
  };
}
