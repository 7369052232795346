import { eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { isLanguage } from '../../shared/i18n/languages';
import { toPlanAccess } from '../../shared/products';
import { cachedMembershipsOf, reachableFrom, workspaceOf } from '../accounts/queries';
import { organizations, users } from '../db/schema';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/** Workspace flow: company details for branded sign-in, the organization list, and entering a product. */
export function workspaceHandlers({ db, log, cache }: Services): HandlerMap {
  const reachableMemberships = async (userId: string, ip: string | null) => reachableFrom(await cachedMembershipsOf(cache, db, userId), ip);
  return {
    async getCompanyDetails(payload) {
      const [org] = await db
        .select({ company: organizations.company, logoUrl: organizations.logoUrl, language: organizations.language })
        .from(organizations)
        .where(eq(organizations.orgId, payload.orgId));
      if (!org) throw new CallError(ERROR_CODES.NOT_FOUND, 'Organization not found.');
      return { company: org.company, companyLogo: org.logoUrl, language: isLanguage(org.language) ? org.language : null };
    },

    async getWorkspaceList(_payload, { user, ip }) {
      const { reachable, active } = await workspaceOf(cache, db, user, ip);
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
        verified: org.verified,
      }));
      // The same active organization as `authenticate`'s (workspaceOf): the recorded one while reachable, else the first.
      return { list, activeOrgId: active?.org.orgId ?? null };
    },

    async loginEmail(payload, { user, ip }) {
      if (user.email !== payload.email) throw new CallError(ERROR_CODES.FORBIDDEN, 'This email does not belong to the signed-in account.');
      const membership = (await reachableMemberships(user.id, ip)).find((item) => item.org.orgId === payload.orgId);
      // The same answer whether the organization does not exist, the user is not in it, or the address is outside its ranges.
      if (!membership) throw new CallError(ERROR_CODES.FORBIDDEN, 'You do not have access to this organization.');
      await db.update(users).set({ activeOrgId: membership.org.id }).where(eq(users.id, user.id));
      log.info('workspace.entered', { userId: user.id, orgId: membership.org.orgId, appType: payload.appType ?? 'web' });
      return { success: true as const, orgId: membership.org.orgId };
    },
  };
}
