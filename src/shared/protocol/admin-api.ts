import * as z from 'zod';
import { OrgIdSchema } from '../validation/fields';
import { AdminMemberSchema, InviteSchema, RemoveMemberSchema, UpdateMemberSchema } from './admin-schemas';
import { entry } from './events';
import { SuccessSchema } from './schemas';
import { IdSchema, instant } from './security-schemas';

/**
 * The admin API for the suite's products (HR, recruitment): the console's member operations over HTTP, for a
 * confidential app of the organization holding an access token of the client-credentials grant with scope
 * `org:admin` (issued by the portal's own OpenID provider, bound to the app's organization). Declared like the other
 * HTTP calls and run through the same pipeline: the same schemas, checks, budgets and audit lines (naming the app).
 * The server imports it; the renderer never does.
 */

/** The path of every call, with `:orgId` and `:userId` as express writes route parameters. */
export const ADMIN_API_PATHS = {
  invitations: '/api/v1/orgs/:orgId/invitations',
  member: '/api/v1/orgs/:orgId/members/:userId',
} as const;

const orgParams = z.strictObject({ orgId: OrgIdSchema });
const memberParams = z.strictObject({ orgId: OrgIdSchema, userId: IdSchema });

/** What the body of a request may not carry: the organization and the member come from the path only. */
const withoutPathFields = <T extends z.ZodRawShape>(shape: T) => {
  const { orgId: _org, userId: _user, ...rest } = shape as T & { orgId?: unknown; userId?: unknown };
  return z.strictObject(rest as Omit<T, 'orgId' | 'userId'>);
};

export const ADMIN_API_CALLS = {
  /** POST /api/v1/orgs/{orgId}/invitations: invite one or many people, all or none (the console's inviteToOrganization). */
  apiInvite: entry(
    { auth: 'app', limits: { adminChange: 'caller' } },
    z.object({ params: orgParams, body: z.strictObject({ invitations: InviteSchema.shape.invitations }) }),
    z.object({ invited: z.array(z.object({ id: z.string(), email: z.string(), expiresAt: instant.nullable() })) }),
  ),
  /** GET /api/v1/orgs/{orgId}/members/{userId}: one member of the organization. */
  apiGetMember: entry({ auth: 'app' }, z.object({ params: memberParams }), z.object({ member: AdminMemberSchema })),
  /** PATCH /api/v1/orgs/{orgId}/members/{userId}: change the member's role, product access, or both. */
  apiUpdateMember: entry(
    { auth: 'app', limits: { adminChange: 'caller' } },
    z.object({
      params: memberParams,
      body: withoutPathFields(UpdateMemberSchema.shape).refine((change) => change.role !== undefined || change.productAccess !== undefined, {
        message: 'Change the role or the product access.',
        path: ['role'],
      }),
    }),
    z.object({ member: AdminMemberSchema }),
  ),
  /** DELETE /api/v1/orgs/{orgId}/members/{userId}: remove the member from the organization (their sessions end at once). */
  apiRemoveMember: entry(
    { auth: 'app', limits: { adminChange: 'caller' } },
    z.object({ params: memberParams, body: withoutPathFields(RemoveMemberSchema.shape).optional() }),
    SuccessSchema,
  ),
};

export type AdminApiCalls = typeof ADMIN_API_CALLS;
export type AdminApiCallName = keyof AdminApiCalls;
export type AdminApiPayload<C extends AdminApiCallName> = z.output<AdminApiCalls[C]['payload']>;
