import ipaddr from 'ipaddr.js';
import * as z from 'zod';
import { DEFAULT_PAGE_SIZE } from '../limits';
import { ProductKeySchema, RoleSchema } from '../product-schemas';
import { CommentSchema } from '../validation/dialogs';
import { EmailSchema, OrgIdSchema, requiredString } from '../validation/fields';
import { MESSAGES } from '../validation/messages';
import { companyName } from '../validation/patterns';
import { LanguageSchema } from './language-events';
import { IdSchema, PageSizeSchema, instant } from './security-schemas';

/**
 * The organization admin console's part of the contract (/admin, beyond the spec): members, invitations, the
 * security policy, branding and apps of one organization at a time. Not re-exported by index.ts and kept out of the
 * renderer's shell chunk: the console loads it with its own chunk, so /login never carries it.
 */

/** Which organization an admin acts on: every admin event names it, and the server checks "admin of it, from here". */
const inOrganization = { orgId: OrgIdSchema };

/** A table's search term (spec section 5: searched when cleared or at 2 or more characters). */
const SearchSchema = z.string().trim().max(100);

const direction = z.union([z.literal(1), z.literal(-1)]).optional();
/** The sort object of spec section 3 ({param: 1 | -1}) over the given columns, one at a time. */
const sortOver = <const P extends readonly [string, ...string[]]>(params: P) =>
  z
    .object(Object.fromEntries(params.map((param) => [param, direction])) as Record<P[number], typeof direction>)
    .strict()
    .refine((sort) => Object.keys(sort).length <= 1, { message: 'Sort by one column at a time.' });

const pageOf = <S extends z.ZodType>(sort: S) => ({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: PageSizeSchema.default(DEFAULT_PAGE_SIZE),
  sort: sort.optional(),
  search: SearchSchema.optional(),
});

/** Product access as an admin sets it: each product once, at most all eight. */
export const ProductAccessSchema = z
  .array(ProductKeySchema)
  .max(8)
  .refine((products) => new Set(products).size === products.length, { message: 'Name each product once.' });

// ---------------------------------------------------------------------------------------------------------------
// Members

export const MEMBER_SORT_PARAMS = ['name', 'email', 'role', 'lastSignInAt', 'joinedAt'] as const;

export const MemberListQuerySchema = z.object({ ...inOrganization, ...pageOf(sortOver(MEMBER_SORT_PARAMS)), roles: z.array(RoleSchema).max(3).optional() });

/** One member or client of the organization, as the members table shows them. */
export const AdminMemberSchema = z.object({
  userId: IdSchema,
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  productAccess: z.array(ProductKeySchema),
  /** Whether they have verified their address (an unverified member can be sent the mail again). */
  verified: z.boolean(),
  /** The second factors they have set up. */
  secondFactor: z.object({ email: z.boolean(), authenticatorApp: z.boolean() }),
  lastSignInAt: instant.nullable(),
  joinedAt: instant,
  /** The caller: an admin cannot remove or demote themselves from here if they are the last admin. */
  you: z.boolean(),
});
export type AdminMember = z.infer<typeof AdminMemberSchema>;

export const MemberListReplySchema = z.object({
  list: z.array(AdminMemberSchema),
  total: z.number().int(),
  /** The products the organization's plan grants: the only ones product access may name. */
  plan: z.array(ProductKeySchema),
});

/** A change of one member: role, product access, or both. */
export const UpdateMemberSchema = z
  .object({ ...inOrganization, userId: IdSchema, role: RoleSchema.optional(), productAccess: ProductAccessSchema.optional() })
  .refine((change) => change.role !== undefined || change.productAccess !== undefined, { message: 'Change the role or the product access.', path: ['role'] });

export const RemoveMemberSchema = z.object({
  ...inOrganization,
  userId: IdSchema,
  /** Why, in the admin's words (the comment dialog: 3 to 500 characters), kept in the audit. */
  reason: CommentSchema.optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Invitations

/** At most this many invitations in one request (a pasted list or a CSV file). */
export const INVITATIONS_PER_REQUEST = 100;

/** One person to invite: their address, role and product access (a client gets Project when none is named). */
export const InvitationInputSchema = z.object({
  email: EmailSchema,
  role: RoleSchema,
  productAccess: ProductAccessSchema.optional(),
});
export type InvitationInput = z.infer<typeof InvitationInputSchema>;

export const InviteSchema = z
  .object({ ...inOrganization, invitations: z.array(InvitationInputSchema).min(1, MESSAGES.required).max(INVITATIONS_PER_REQUEST) })
  .superRefine((value, ctx) => {
    const seen = new Map<string, number>();
    value.invitations.forEach((invitation, index) => {
      const first = seen.get(invitation.email);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['invitations', index, 'email'], message: `${invitation.email} is listed twice (also row ${first + 1}).` });
      else seen.set(invitation.email, index);
    });
  });

/** A pending invitation (neither accepted nor revoked), live or expired. */
export const PendingInvitationSchema = z.object({
  id: IdSchema,
  email: z.string(),
  role: RoleSchema,
  productAccess: z.array(ProductKeySchema),
  createdAt: instant,
  sentAt: instant,
  expiresAt: instant.nullable(),
  expired: z.boolean(),
  /** The admin who sent it, as the audit names them; null for the seed's. */
  invitedBy: z.string().nullable(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

export const INVITATION_SORT_PARAMS = ['email', 'role', 'sentAt', 'expiresAt'] as const;
export const InvitationListQuerySchema = z.object({ ...inOrganization, ...pageOf(sortOver(INVITATION_SORT_PARAMS)) });

export const InvitationRefSchema = z.object({ ...inOrganization, invitationId: IdSchema });

// ---------------------------------------------------------------------------------------------------------------
// Security policy and branding

/** The company's second factor: none, work email, the authenticator app, or both (the member chooses). */
export const SECOND_FACTOR_POLICIES = ['none', 'email', 'authenticator', 'both'] as const;
export const SecondFactorPolicySchema = z.enum(SECOND_FACTOR_POLICIES);
export type SecondFactorPolicy = z.infer<typeof SecondFactorPolicySchema>;

/** At most this many IP ranges per organization. */
export const IP_RANGES_MAX = 50;

/**
 * An address range in CIDR notation (10.0.0.0/8, 2001:db8::/32), written back as its network in normal form
 * (10.1.2.3/8 becomes 10.0.0.0/8), so a list never holds one range twice under two spellings.
 */
export const CidrSchema = requiredString()
  .trim()
  .min(1, MESSAGES.required)
  .max(64)
  .refine((value) => ipaddr.isValidCIDR(value), { message: MESSAGES.invalid('IP range') })
  .transform((value) => {
    const [address, bits] = ipaddr.parseCIDR(value);
    const network = address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(value) : ipaddr.IPv6.networkAddressFromCIDR(value);
    return `${network.toString()}/${bits}`;
  });

export const OrganizationSettingsSchema = z.object({
  orgId: z.string(),
  company: z.string(),
  logoUrl: z.string().nullable(),
  secondFactor: SecondFactorPolicySchema,
  /** Members may tick "Don't ask again on this device for 30 days" after the second factor. */
  allowTrustedDevices: z.boolean(),
  allowedIpRanges: z.array(z.string()),
  /** The caller's address as the server sees it (for the warning before ranges that would leave it outside). */
  yourAddress: z.string().nullable(),
  /** The products of the organization's plan. */
  plan: z.array(ProductKeySchema),
  /** The language of its signed-out pages (/{orgId}/login…) for a visitor who chose none; null: the visitor's browser's. */
  language: LanguageSchema.nullable(),
});
export type OrganizationSettings = z.infer<typeof OrganizationSettingsSchema>;

export const UpdateSecondFactorPolicySchema = z.object({
  ...inOrganization,
  secondFactor: SecondFactorPolicySchema,
  /** "Allow 'Don't ask again on this device for 30 days'"; unchanged when left out. Forbidding it revokes no device, but none skips this company's factor any more. */
  allowTrustedDevices: z.boolean().optional(),
  /** 'apply the change for all the company' (spec section 6): every member's sessions end now, so it applies at once. */
  applyToCompany: z.boolean().default(false),
});

export const UpdateIpRangesSchema = z.object({
  ...inOrganization,
  allowedIpRanges: z
    .array(CidrSchema)
    .max(IP_RANGES_MAX)
    .refine((ranges) => new Set(ranges).size === ranges.length, { message: 'Name each range once.' }),
  /** The admin has confirmed ranges that leave their own current address outside (they lose access from here). */
  confirmOwnAddressOutside: z.boolean().default(false),
});

/**
 * The language of the organization's signed-out pages (/{orgId}/login, /register, /forgot-password…) for a visitor
 * who has not chosen one: one of the portal's languages, or null to follow the visitor's browser (Accept-Language).
 */
export const UpdateOrganizationLanguageSchema = z.object({ ...inOrganization, language: LanguageSchema.nullable() });

/** An image uploaded for this organization (POST /uploads/images), by the id its upload returned. */
export const ImageRefSchema = z.object({ imageId: IdSchema });

/**
 * Where the console uploads an image (a logo): POST with `Authorization: Bearer {session token}` and the file's bytes
 * as the body (at most 3 MB; PNG, JPEG, GIF or WebP, read from the bytes). The reply is the HTTP envelope
 * `{data: {imageId}, error, code}`; an attached image is served at `/images/{imageId}`.
 */
export const IMAGE_UPLOAD_PATH = '/uploads/images';

/** The reply of an image upload: the id to attach it by (`logo: {imageId}`), within the hour. */
export const ImageUploadReplySchema = z.object({ imageId: IdSchema });

export const UpdateBrandingSchema = z.object({
  ...inOrganization,
  company: companyName('Company Name'),
  /** A new logo, `null` to remove it, absent to keep it. */
  logo: ImageRefSchema.nullable().optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Apps (OAuth 2.0 / OpenID Connect clients of the organization)

/** A redirect URI: an absolute http(s) URL without a fragment (RFC 6749 §3.1.2), compared exactly. */
export const RedirectUriSchema = requiredString()
  .trim()
  .min(1, MESSAGES.required)
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, error: MESSAGES.invalid('Redirect URI') }))
  .refine((uri) => !uri.includes('#'), { message: 'A redirect URI must not have a fragment.' });

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);
const urlOf = (uri: string): URL | null => {
  try {
    return new URL(uri);
  } catch {
    return null;
  }
};

/**
 * An app's OpenID back-channel logout URI (Back-Channel Logout 1.0 §2.2), where the portal POSTs a logout token when
 * the session a user signed in to the app with ends: an absolute https URL (http only on localhost or 127.0.0.1, for
 * an app under development), no fragment, only the characters a URI may have (oidc-provider checks the same). The
 * seed file and the admin console both use this rule.
 */
export const BackchannelLogoutUriSchema = requiredString()
  .trim()
  .min(1, MESSAGES.required)
  .max(2000, 'A back-channel logout URI must be at most 2000 characters.')
  .pipe(z.url({ protocol: /^https?$/, error: 'A back-channel logout URI must be a full web address, like https://app.example.com/logout.' }))
  .refine((uri) => /^[a-z0-9:/?#[\]@!$&'()*+,;=.\-_~%]+$/i.test(uri), {
    message: 'A back-channel logout URI must not contain spaces or characters a web address cannot have: percent-encode them.',
  })
  .refine((uri) => urlOf(uri)?.protocol === 'https:' || LOOPBACK_HOSTS.has(urlOf(uri)?.hostname ?? ''), {
    message: 'A back-channel logout URI must start with https:// (http:// only for localhost or 127.0.0.1).',
  })
  .refine((uri) => !uri.includes('#'), { message: 'A back-channel logout URI must not have a fragment (#…).' });

/** The scope an app needs to manage the organization's members through the admin API (client credentials). */
export const ADMIN_API_SCOPE = 'org:admin';

export const AppTypeSchema = z.enum(['public', 'confidential']);

/** A registered app as the console lists it. */
export const AppSummarySchema = z.object({
  clientId: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  redirectUris: z.array(z.string()),
  /** public: PKCE only (a browser or mobile app); confidential: a secret too (a server). */
  type: AppTypeSchema,
  /** A confidential app may use the admin API with the client-credentials grant (scope org:admin). */
  apiAccess: z.boolean(),
  /** Where the portal POSTs a logout token when a user's portal session ends (OpenID back-channel logout); null: none. */
  backchannelLogoutUri: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: instant,
});
export type AppSummary = z.infer<typeof AppSummarySchema>;

const appFields = {
  name: requiredString().trim().min(1, MESSAGES.required).max(100, MESSAGES.invalid('App name')),
  redirectUris: z
    .array(RedirectUriSchema)
    .min(1, MESSAGES.required)
    .max(10)
    .refine((uris) => new Set(uris).size === uris.length, { message: 'Name each redirect URI once.' }),
};

export const RegisterAppSchema = z
  .object({
    ...inOrganization,
    ...appFields,
    type: AppTypeSchema,
    apiAccess: z.boolean().default(false),
    logo: ImageRefSchema.optional(),
    /** Optional: told when a user's portal session ends. */
    backchannelLogoutUri: BackchannelLogoutUriSchema.optional(),
  })
  .refine((app) => !app.apiAccess || app.type === 'confidential', { message: 'Only a confidential app (one with a secret) may use the admin API.', path: ['apiAccess'] });

export const AppRefSchema = z.object({ ...inOrganization, clientId: z.string().trim().min(1).max(200) });

export const UpdateAppSchema = z.object({
  ...AppRefSchema.shape,
  ...appFields,
  apiAccess: z.boolean().optional(),
  /** A new logo, `null` to remove it, absent to keep it. */
  logo: ImageRefSchema.nullable().optional(),
  /** A back-channel logout URI, `null` to remove it, absent to keep it. */
  backchannelLogoutUri: BackchannelLogoutUriSchema.nullable().optional(),
  /** Turned off: it signs nobody in and its tokens stop working, until turned on again. */
  disabled: z.boolean().optional(),
});

/** A confidential app's secret, shown once (at registration or rotation): the server keeps only its hash. */
export const AppSecretReplySchema = z.object({ app: AppSummarySchema, clientSecret: z.string().nullable() });
