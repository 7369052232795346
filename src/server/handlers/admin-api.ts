import type { AdminActor } from '../audit/audit-log';
import { invite } from '../organizations/invitations';
import { getMember, removeMember, updateMember } from '../organizations/members';
import type { AdminApiHandlerMap, AppContext } from '../pipeline/context';
import type { Services } from '../services';

/** The app an admin API call comes from, as the audit names it ("app HR Sync (acme-…)"). */
const appActor = (ctx: AppContext): AdminActor => ({ kind: 'app', clientId: ctx.app.clientId, name: ctx.app.name, origin: ctx.origin });

/**
 * The admin API (README, "The admin API"): the console's member operations for an organization's app. The app stage
 * has proved the token (client credentials, org:admin) and that the path's organization is the app's own; every change
 * spends the app's `adminChange` budget (by its client id) and calls the same domain functions as the console, so the
 * checks, the rules and the audit lines are the console's, naming the app.
 */
export function adminApiHandlers(services: Services): AdminApiHandlerMap {
  const { db, log } = services;
  return {
    async apiInvite({ body }, ctx) {
      const invited = await invite(services, ctx.app.organization, appActor(ctx), body.invitations);
      log.info('admin-api.invited', { orgId: ctx.app.organization.orgId, clientId: ctx.app.clientId, count: invited.length });
      return { invited };
    },

    async apiGetMember({ params }, ctx) {
      return { member: await getMember(db, ctx.app.organization, appActor(ctx), params.userId) };
    },

    async apiUpdateMember({ params, body }, ctx) {
      const member = await updateMember(services, ctx.app.organization, appActor(ctx), { userId: params.userId, role: body.role, productAccess: body.productAccess });
      log.info('admin-api.member-updated', { orgId: ctx.app.organization.orgId, clientId: ctx.app.clientId, userId: params.userId });
      return { member };
    },

    async apiRemoveMember({ params, body }, ctx) {
      const { endedSessions } = await removeMember(services, ctx.app.organization, appActor(ctx), { userId: params.userId, reason: body?.reason });
      log.info('admin-api.member-removed', { orgId: ctx.app.organization.orgId, clientId: ctx.app.clientId, userId: params.userId, endedSessions });
      return { success: true as const };
    },
  };
}
