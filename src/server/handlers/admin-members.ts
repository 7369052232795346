import { signedInActor } from '../audit/audit-log';
import { administeredOrganization } from '../audit/audit-queries';
import { listMembers, removeMember, resendVerification, updateMember } from '../organizations/members';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/**
 * The admin console's members (/admin/{orgId}/members): the table, a role or product-access change, removal, and the
 * verification mail again. Each checks "admin of this orgId, from this address" first (403 otherwise), and every change
 * spends the admin's `adminChange` budget before the domain (organizations/members.ts) makes it.
 */
export function adminMemberHandlers(services: Services): HandlerMap {
  const { db, log } = services;
  return {
    async getOrganizationMembers(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      return listMembers(db, org, signedInActor(ctx), payload);
    },

    async updateOrganizationMember(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const member = await updateMember(services, org, signedInActor(ctx), { userId: payload.userId, role: payload.role, productAccess: payload.productAccess });
      log.info('admin.member-updated', { orgId: org.orgId, by: ctx.user.id, userId: payload.userId });
      return { member };
    },

    async removeOrganizationMember(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const { endedSessions } = await removeMember(services, org, signedInActor(ctx), { userId: payload.userId, reason: payload.reason });
      log.info('admin.member-removed', { orgId: org.orgId, by: ctx.user.id, userId: payload.userId, endedSessions });
      return { success: true as const };
    },

    async resendMemberVerification(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      await resendVerification(services, org, signedInActor(ctx), payload.userId);
      log.info('admin.verification-resent', { orgId: org.orgId, by: ctx.user.id, userId: payload.userId });
      return { success: true as const };
    },
  };
}
