import { eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { toPlanAccess } from '../../../shared/products';
import { findUserById, reachableMemberships } from '../../accounts/queries';
import { organizations, users } from '../../db/schema';
import type { Services } from '../../services';
import type { HandlerMap } from '../register';

/** Workspace flow: company details for branded sign-in, the organization list, and entering a product. */
export function workspaceHandlers({ db, log }: Services): HandlerMap {
  return {
    async getCompanyDetails(payload) {
      const [org] = await db
        .select({ company: organizations.company, logoUrl: organizations.logoUrl })
        .from(organizations)
        .where(eq(organizations.orgId, payload.orgId));
      if (!org) throw new CallError(ERROR_CODES.NOT_FOUND, 'Organization not found.');
      return { company: org.company, companyLogo: org.logoUrl };
    },

    async getWorkspaceList(_payload, ctx) {
      const user = await findUserById(db, ctx.session.userId);
      if (!user) throw new CallError(ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.');
      const reachable = await reachableMemberships(db, user.id, ctx.ip);
      const list = reachable.map(({ org, role, productAccess }) => ({
        _id: org.id,
        orgId: org.orgId,
        company: org.company,
        logoURL: org.logoUrl,
        role,
        planAccess: toPlanAccess(org.plan),
        productAccess,
        isAdmin: role === 'admin',
        isCompanyMFA: org.mfaEmail || org.mfaAuthenticatorApp,
      }));
      const active = user.activeOrgId ? reachable.find((membership) => membership.org.id === user.activeOrgId) : undefined;
      return { list, activeOrgId: active?.org.orgId ?? null };
    },

    async loginEmail(payload, ctx) {
      const user = await findUserById(db, ctx.session.userId);
      if (!user) throw new CallError(ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.');
      if (user.email !== payload.email) throw new CallError(ERROR_CODES.FORBIDDEN, 'This email does not belong to the signed-in account.');
      const membership = (await reachableMemberships(db, user.id, ctx.ip)).find((item) => item.org.orgId === payload.orgId);
      // The same answer whether the organization does not exist, the user is not in it, or the address is outside its ranges.
      if (!membership) throw new CallError(ERROR_CODES.FORBIDDEN, 'You do not have access to this organization.');
      await db.update(users).set({ activeOrgId: membership.org.id }).where(eq(users.id, user.id));
      log.info('workspace.entered', { userId: user.id, orgId: membership.org.orgId, appType: payload.appType ?? 'web' });
      return { success: true as const, orgId: membership.org.orgId };
    },
  };
}
