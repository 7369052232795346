import * as z from 'zod';
import { OrgIdSchema } from '../validation/fields';
import { instant } from './security-schemas';

/**
 * The admin console's SCIM provisioning (issue 25): the organization's bearer token for its directory (Okta, Entra),
 * issued (or rotated) and revoked on /admin/{orgId}/sign-in. Part of the admin contract (`ADMIN_EVENTS`).
 */

/** The token in force, without the token: only the portal's fingerprint of it is kept. */
export const ScimTokenSummarySchema = z.object({
  /** The token's last four characters, to tell tokens apart. */
  hint: z.string(),
  createdAt: instant,
  /** Who issued it, as the audit names them. */
  createdBy: z.string(),
  lastUsedAt: instant.nullable(),
});
export type ScimTokenSummary = z.infer<typeof ScimTokenSummarySchema>;

/** What the console shows: the SCIM base URL to paste into the directory, and the token in force, if any. */
export const ScimSettingsSchema = z.object({ baseUrl: z.string(), token: ScimTokenSummarySchema.nullable() });
export type ScimSettings = z.infer<typeof ScimSettingsSchema>;

export const ScimOrgSchema = z.object({ orgId: OrgIdSchema });

/** A new token: in this reply only. */
export const ScimTokenIssuedSchema = z.object({ token: z.string(), settings: ScimSettingsSchema });
