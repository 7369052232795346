import * as z from 'zod';
import {
  AdminMemberSchema,
  AppRefSchema,
  AppSecretReplySchema,
  AppSummarySchema,
  InvitationListQuerySchema,
  InvitationRefSchema,
  InviteSchema,
  MemberListQuerySchema,
  MemberListReplySchema,
  OrganizationSettingsSchema,
  PendingInvitationSchema,
  RegisterAppSchema,
  RemoveMemberSchema,
  UpdateAppSchema,
  UpdateBrandingSchema,
  UpdateIpRangesSchema,
  UpdateMemberSchema,
  UpdateOrganizationLanguageSchema,
  UpdateSecondFactorPolicySchema,
} from './admin-schemas';
import { ClaimDomainSchema, DomainRefSchema, DomainSummarySchema } from './domain-schemas';
import { entry } from './events';
import { CreateSsoConnectionSchema, SsoConnectionRefSchema, SsoConnectionSchema, SsoTestResultQuerySchema, SsoTestResultSchema, UpdateSsoConnectionSchema } from './sso-schemas';
import { ScimOrgSchema, ScimSettingsSchema, ScimTokenIssuedSchema } from './scim-schemas';
import { SuccessSchema } from './schemas';
import { IdSchema, instant } from './security-schemas';
import { OrgIdSchema } from '../validation/fields';

/**
 * The organization admin console's events (/admin, beyond spec section 7). Every one needs a session and names an
 * organization: the server answers 403 (the organization audit's refusal) unless the caller is an admin of it,
 * reachable from their address. Every change spends the admin's `adminChange` budget and is written to the
 * organization's audit in the same transaction. Apart from `PORTAL_EVENTS`, so the renderer loads them with the
 * console, not with /login (`contract.ts` joins them for the server).
 */
export const ADMIN_EVENTS = {
  /** One page of the organization's members and clients (search, sort, role filter), with the plan's products. */
  getOrganizationMembers: entry({ auth: 'user' }, MemberListQuerySchema, MemberListReplySchema),
  /** Change a member's role, product access, or both; the last admin can never be demoted. */
  updateOrganizationMember: entry({ auth: 'user', limits: { adminChange: 'caller' } }, UpdateMemberSchema, z.object({ member: AdminMemberSchema })),
  /** Remove a member from the organization: their sessions end at once; the last admin can never be removed. */
  removeOrganizationMember: entry({ auth: 'user', limits: { adminChange: 'caller' } }, RemoveMemberSchema, SuccessSchema),
  /** Mail an unverified member a fresh verification code. */
  resendMemberVerification: entry({ auth: 'user', limits: { adminChange: 'caller' } }, z.object({ orgId: OrgIdSchema, userId: IdSchema }), SuccessSchema),
  /** Invite one or many people (a pasted list, a CSV file): all of them, or none when a row is refused. */
  inviteToOrganization: entry(
    { auth: 'user', limits: { adminChange: 'caller' } },
    InviteSchema,
    z.object({ invited: z.array(z.object({ id: z.string(), email: z.string(), expiresAt: instant.nullable() })) }),
  ),
  /** One page of the organization's pending invitations (live or expired). */
  getOrganizationInvitations: entry({ auth: 'user' }, InvitationListQuerySchema, z.object({ list: z.array(PendingInvitationSchema), total: z.number().int() })),
  /** Mail a pending invitation again with a fresh code: the old link stops working. */
  resendInvitation: entry({ auth: 'user', limits: { adminChange: 'caller' } }, InvitationRefSchema, z.object({ invitation: PendingInvitationSchema })),
  /** Revoke a pending invitation: its link stops working. */
  revokeInvitation: entry({ auth: 'user', limits: { adminChange: 'caller' } }, InvitationRefSchema, SuccessSchema),
  /** The organization's name, logo, second-factor policy, IP ranges and sign-in language, and the caller's address as the server sees it. */
  getOrganizationSettings: entry({ auth: 'user' }, z.object({ orgId: OrgIdSchema }), OrganizationSettingsSchema),
  /** Set the company's second factor; with `applyToCompany` every member's sessions end now, else it applies at their next sign-in. */
  updateSecondFactorPolicy: entry(
    { auth: 'user', limits: { adminChange: 'caller' } },
    UpdateSecondFactorPolicySchema,
    z.object({ settings: OrganizationSettingsSchema, endedSessions: z.number().int() }),
  ),
  /** Set the IP ranges members may reach the organization from (empty: anywhere); 409 when the caller's own address would fall outside unconfirmed. */
  updateIpRanges: entry({ auth: 'user', limits: { adminChange: 'caller' } }, UpdateIpRangesSchema, z.object({ settings: OrganizationSettingsSchema })),
  /** Set the company name and logo shown on /{orgId}/login and the workspace. */
  updateBranding: entry({ auth: 'user', limits: { adminChange: 'caller' } }, UpdateBrandingSchema, z.object({ settings: OrganizationSettingsSchema })),
  /** Set the language /{orgId}/login and the organization's other signed-out pages open in for a visitor who chose none (null: their browser's); a language the portal does not offer is refused (400). */
  updateOrganizationLanguage: entry({ auth: 'user', limits: { adminChange: 'caller' } }, UpdateOrganizationLanguageSchema, z.object({ settings: OrganizationSettingsSchema })),
  /** The organization's registered apps (OAuth / OpenID Connect clients). */
  getOrganizationApps: entry({ auth: 'user' }, z.object({ orgId: OrgIdSchema }), z.object({ list: z.array(AppSummarySchema) })),
  /** Register an app; a confidential one's secret is in the reply, once. */
  registerApp: entry({ auth: 'user', limits: { adminChange: 'caller' } }, RegisterAppSchema, AppSecretReplySchema),
  /** Change an app's name, logo, redirect URIs, API access, or turn it off or on (off: its tokens stop working). */
  updateApp: entry({ auth: 'user', limits: { adminChange: 'caller' } }, UpdateAppSchema, z.object({ app: AppSummarySchema })),
  /** Replace a confidential app's secret (the old one stops working at once); the new one is in the reply, once. */
  rotateAppSecret: entry({ auth: 'user', limits: { adminChange: 'caller' } }, AppRefSchema, AppSecretReplySchema),
  /** Delete an app: it signs nobody in any more and every token it was given stops working. */
  deleteApp: entry({ auth: 'user', limits: { adminChange: 'caller' } }, AppRefSchema, SuccessSchema),
  /** The organization's claimed domains: each with its TXT record and whether it is verified. */
  getOrganizationDomains: entry({ auth: 'user' }, z.object({ orgId: OrgIdSchema }), z.object({ list: z.array(DomainSummarySchema) })),
  /** Claim a domain: pending until its TXT record is found; refused when another organization has verified it. */
  claimDomain: entry({ auth: 'user', limits: { adminChange: 'caller' } }, ClaimDomainSchema, z.object({ domain: DomainSummarySchema })),
  /** Look the claim's TXT record up now: verified, or 409 saying why not (the failure is kept and audited). */
  verifyDomain: entry({ auth: 'user', limits: { adminChange: 'caller' } }, DomainRefSchema, z.object({ domain: DomainSummarySchema })),
  /** Remove a claimed domain, verified or not. */
  removeDomain: entry({ auth: 'user', limits: { adminChange: 'caller' } }, DomainRefSchema, SuccessSchema),
  /** The organization's own identity providers (OpenID Connect, SAML 2.0), with the addresses to register there. */
  getSsoConnections: entry({ auth: 'user' }, z.object({ orgId: OrgIdSchema }), z.object({ list: z.array(SsoConnectionSchema) })),
  /** Add a connection: turned off until a test sign-in succeeds. */
  createSsoConnection: entry({ auth: 'user', limits: { adminChange: 'caller' } }, CreateSsoConnectionSchema, z.object({ connection: SsoConnectionSchema })),
  /** Change a connection: settings, default role and products, on or off, required or not. */
  updateSsoConnection: entry({ auth: 'user', limits: { adminChange: 'caller' } }, UpdateSsoConnectionSchema, z.object({ connection: SsoConnectionSchema })),
  /** Remove a connection (the accounts it made stay). */
  deleteSsoConnection: entry({ auth: 'user', limits: { adminChange: 'caller' } }, SsoConnectionRefSchema, SuccessSchema),
  /** Start a test sign-in: the provider's URL, which comes back to the console with the claims it mapped. */
  startSsoTest: entry({ auth: 'user', limits: { adminChange: 'caller' } }, SsoConnectionRefSchema, z.object({ url: z.string() })),
  /** The result of the admin's own test sign-in (once); a usable one marks the connection tested. */
  getSsoTestResult: entry({ auth: 'user' }, SsoTestResultQuerySchema, z.object({ result: SsoTestResultSchema })),
  /** The SCIM base URL and the provisioning token in force (never the token itself). */
  getScimSettings: entry({ auth: 'user' }, ScimOrgSchema, ScimSettingsSchema),
  /** Issue the SCIM token, or replace the one in force (it stops working at once); the new one is in the reply, once. */
  issueScimToken: entry({ auth: 'user', limits: { adminChange: 'caller' } }, ScimOrgSchema, ScimTokenIssuedSchema),
  /** Revoke the SCIM token: the directory's requests are refused from now on. */
  revokeScimToken: entry({ auth: 'user', limits: { adminChange: 'caller' } }, ScimOrgSchema, SuccessSchema),
} as const;
