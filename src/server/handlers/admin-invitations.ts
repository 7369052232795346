import { signedInActor } from '../audit/audit-log';
import { administeredOrganization } from '../audit/audit-queries';
import { invite, listInvitations, resendInvitation, revokeInvitation } from '../organizations/invitations';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/**
 * The admin console's invitations (/admin/{orgId}/invitations): invite one or many, list the pending ones, resend and
 * revoke. Admin check first, then the `adminChange` budget for changes, then the domain (organizations/invitations.ts).
 */
export function adminInvitationHandlers(services: Services): HandlerMap {
  const { db, log } = services;
  return {
    async inviteToOrganization(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const invited = await invite(services, org, signedInActor(ctx), payload.invitations);
      log.info('admin.invited', { orgId: org.orgId, by: ctx.user.id, count: invited.length });
      return { invited };
    },

    async getOrganizationInvitations(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      return listInvitations(db, org, payload);
    },

    async resendInvitation(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const invitation = await resendInvitation(services, org, signedInActor(ctx), payload.invitationId);
      log.info('admin.invitation-resent', { orgId: org.orgId, by: ctx.user.id, invitationId: invitation.id });
      return { invitation };
    },

    async revokeInvitation(payload, ctx) {
      const org = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      await revokeInvitation(services, org, signedInActor(ctx), payload.invitationId);
      log.info('admin.invitation-revoked', { orgId: org.orgId, by: ctx.user.id, invitationId: payload.invitationId });
      return { success: true as const };
    },
  };
}
