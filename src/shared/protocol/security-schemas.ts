import * as z from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../limits';
import { OrgIdSchema } from '../validation/fields';
import { PlatformSchema } from './schemas';

/**
 * The account security center's part of the contract (beyond the spec). Not re-exported by index.ts, and kept out of
 * the renderer's shell chunk (vite.web.config.ts): import it by path, so /login never loads it: sessions and devices, the audit log of
 * sign-ins and account changes, and an organization's audit for its admins.
 */

/** The changes an organization's administration writes (the admin console, the admin API), naming who made each. */
export const ADMINISTRATION_AUDIT_KINDS = [
  'member-invited',
  'invitation-resent',
  'invitation-revoked',
  'invitation-accepted',
  'member-role-changed',
  'member-access-changed',
  'member-removed',
  'verification-resent',
  'second-factor-policy-changed',
  'ip-ranges-changed',
  'branding-changed',
  'organization-language-changed',
  'app-registered',
  'app-changed',
  'app-secret-rotated',
  'app-deleted',
  'domain-claimed',
  'domain-verified',
  'domain-verification-failed',
  'domain-removed',
  'sso-connection-added',
  'sso-connection-changed',
  'sso-connection-removed',
  'sso-member-joined',
  'sso-sign-in-refused',
  'scim-token-issued',
  'scim-token-revoked',
  'scim-refused',
  'member-provisioned',
  'member-deactivated',
  'member-reactivated',
  'scim-group-changed',
] as const;

/** What the audit log records: an account's own events, then the administration's, in the order the filter lists them. */
export const AUDIT_KINDS = [
  'sign-in',
  'sign-in-failed',
  'locked',
  'unlocked',
  'signed-out',
  'session-ended',
  'password-changed',
  'password-reset',
  'second-factor-changed',
  'recovery-code-used',
  'recovery-code-regenerated',
  'app-allowed',
  'app-disconnected',
  'passkey-added',
  'passkey-removed',
  ...ADMINISTRATION_AUDIT_KINDS,
] as const;
export const AuditKindSchema = z.enum(AUDIT_KINDS);
export type AuditKind = z.infer<typeof AuditKindSchema>;

/** A desktop app of the suite. */
export const AppFlavorSchema = z.enum(['chat', 'track']);

// Plain patterns rather than z.iso.datetime() and z.uuid(): the renderer's /login bundle carries this contract, and
// those would bring their own code into it.
/** A moment in UTC, as the server writes it (Date.toISOString()). */
export const instant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/, 'Expected a time in UTC (ISO 8601).');
/** A session or entry id. */
export const IdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Expected an id.');

/** One live session of the signed-in user, as the sessions table shows it. */
export const SessionSummarySchema = z.object({
  id: IdSchema,
  /** The session this call came from ("this device"). */
  current: z.boolean(),
  platform: PlatformSchema,
  appFlavor: AppFlavorSchema.nullable(),
  appVersion: z.string().nullable(),
  /** Browser and operating system ("Chrome 126 on Windows 10"), or the desktop app's name. */
  device: z.string(),
  /** The address of the latest call. */
  ip: z.string().nullable(),
  /** Where the session began: the address of the sign-in. */
  firstIp: z.string().nullable(),
  signedInAt: instant,
  lastSeenAt: instant,
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

/** An app's client id, as the security center names a connected app. */
export const ClientIdSchema = z.string().trim().min(1).max(200);

/** A third-party app the user allowed to sign them in (the security center's Connected apps). */
export const ConnectedAppSchema = z.object({
  clientId: ClientIdSchema,
  name: z.string(),
  logoUrl: z.string().nullable(),
  /** The scopes allowed, by name (the screen says them in plain words: SCOPE_WORDS). */
  scopes: z.array(z.string()),
  allowedAt: instant,
});
export type ConnectedApp = z.infer<typeof ConnectedAppSchema>;

/** Page sizes of every paged list (spec section 9): 20, 40, 60, 80 or 100, and nothing else; the default is DEFAULT_PAGE_SIZE (40). */
export const PageSizeSchema = z
  .number()
  .int()
  .refine((size) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(size), { message: `Choose a page size of ${PAGE_SIZE_OPTIONS.join(', ')}.` });

/** The columns an audit table sorts by, and the sort object of spec section 3 ({param: 1 | -1}, one param). */
export const AUDIT_SORT_PARAMS = ['at', 'kind', 'ip', 'member'] as const;
const direction = z.union([z.literal(1), z.literal(-1)]).optional();
const AuditSortSchema = z
  .object(Object.fromEntries(AUDIT_SORT_PARAMS.map((param) => [param, direction])) as Record<(typeof AUDIT_SORT_PARAMS)[number], typeof direction>)
  .strict()
  .refine((sort) => Object.keys(sort).length <= 1, { message: 'Sort by one column at a time.' });

/** The filters of both audit tables and of the export: kinds, a text search, and a time range. */
export const AuditFilterSchema = z
  .object({
    kinds: z.array(AuditKindSchema).max(AUDIT_KINDS.length).optional(),
    /** Matches the address, the device and the detail (and the member's name or email in an organization's audit). */
    search: z.string().trim().max(100).optional(),
    from: instant.optional(),
    to: instant.optional(),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, { message: 'The start must come before the end.', path: ['to'] });
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** One page of an audit table. */
export const AuditQuerySchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: PageSizeSchema.default(DEFAULT_PAGE_SIZE),
  sort: AuditSortSchema.optional(),
  filter: AuditFilterSchema.optional(),
});

/** One event of the audit log. */
export const AuditEntrySchema = z.object({
  id: IdSchema,
  at: instant,
  kind: AuditKindSchema,
  detail: z.string().nullable(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  platform: z.string().nullable(),
  /** Who made an administrator's change ("Ada Admin (admin@acme.test)", "app HR Sync"); null for the account's own events. */
  actor: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/**
 * One event of an organization's audit: whose it is (the member, or for a change that concerns no account, what it
 * concerns: an invited address, an app's name, in `email`, with an empty `name`), and for an administrator's change,
 * who made it (`actor`).
 */
export const MemberAuditEntrySchema = AuditEntrySchema.extend({ member: z.object({ name: z.string(), email: z.string() }) });
export type MemberAuditEntry = z.infer<typeof MemberAuditEntrySchema>;

/** Which organization an admin asks about. */
export const OrganizationAuditQuerySchema = AuditQuerySchema.extend({ orgId: OrgIdSchema });

/** The export: at most this many rows, newest first. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;
