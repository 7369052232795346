import * as z from 'zod';
import { RoleSchema } from '../product-schemas';
import { OrgIdSchema, requiredText } from '../validation/fields';
import { ProductAccessSchema } from './admin-schemas';
import { IdSchema, instant } from './security-schemas';

/**
 * A company's own identity provider (issue 25): the admin console's connections and what the sign-in pages send.
 * OpenID Connect or SAML 2.0; one organization may have several. Part of the admin contract, out of /login's bundle,
 * apart from the two small sign-in schemas at the end (`discoverSignIn`, `ssoLogin`), which `events.ts` takes.
 */

export const SSO_KINDS = ['oidc', 'saml'] as const;

/** Where a desktop app's loopback listener takes a company sign-in's hand-off back (`?state=…&handoff=…`). */
export const DESKTOP_SSO_CALLBACK_PATH = '/sso/callback';
export type SsoKind = (typeof SSO_KINDS)[number];

/** An https URL (http only for a provider on this machine, as in development and tests). */
const ProviderUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      return url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
    } catch {
      return false;
    }
  }, 'Enter the full https:// address of the provider.');

/** The claims of the provider's ID token that name the person's email, names and groups (the defaults are OpenID Connect's). */
export const ClaimMappingSchema = z.object({
  email: z.string().trim().min(1).max(100).default('email'),
  givenName: z.string().trim().min(1).max(100).default('given_name'),
  familyName: z.string().trim().min(1).max(100).default('family_name'),
  /** Optional: a claim listing the person's groups (shown by "Test sign-in"). */
  groups: z.string().trim().max(100).default(''),
});
export type ClaimMapping = z.infer<typeof ClaimMappingSchema>;

/** An OpenID Connect provider as the admin enters it: the issuer (its discovery document), the client and the claims. */
export const OidcSettingsSchema = z.object({
  issuer: ProviderUrlSchema,
  clientId: requiredText(300),
  /** Write-only: sent when set or changed, never shown again. */
  clientSecret: z.string().trim().min(1).max(500).optional(),
  claims: ClaimMappingSchema.default({ email: 'email', givenName: 'given_name', familyName: 'family_name', groups: '' }),
});

/** A SAML 2.0 provider: its metadata, pasted or fetched from its URL, and whether it may start sign-ins itself. */
export const SamlSettingsSchema = z
  .object({
    metadataUrl: ProviderUrlSchema.optional(),
    metadataXml: z.string().trim().min(1).max(200_000).optional(),
    allowIdpInitiated: z.boolean().default(false),
  })
  .refine((value) => value.metadataUrl !== undefined || value.metadataXml !== undefined, {
    message: "Enter the provider's metadata URL or paste its metadata XML.",
    path: ['metadataXml'],
  });

const connectionFields = {
  orgId: OrgIdSchema,
  name: requiredText(80),
  defaultRole: RoleSchema.default('member'),
  defaultProducts: ProductAccessSchema.default([]),
};

/** A new connection: its kind and the provider's settings; it starts turned off. */
export const CreateSsoConnectionSchema = z.discriminatedUnion('kind', [
  z.object({ ...connectionFields, kind: z.literal('oidc'), oidc: OidcSettingsSchema.required({ clientSecret: true }) }),
  z.object({ ...connectionFields, kind: z.literal('saml'), saml: SamlSettingsSchema }),
]);

/** One connection of the organization. */
export const SsoConnectionRefSchema = z.object({ orgId: OrgIdSchema, connectionId: IdSchema });

/**
 * A change to a connection: any of its fields. Changing the provider's settings takes the "tested" mark away (and a
 * connection that is on stays on). Turning it on needs a test since the last change; enforcing needs it on.
 */
export const UpdateSsoConnectionSchema = z.object({
  ...SsoConnectionRefSchema.shape,
  name: requiredText(80).optional(),
  defaultRole: RoleSchema.optional(),
  defaultProducts: ProductAccessSchema.optional(),
  oidc: OidcSettingsSchema.optional(),
  saml: SamlSettingsSchema.optional(),
  enabled: z.boolean().optional(),
  enforced: z.boolean().optional(),
});

/** A connection as the console shows it (never its client secret). */
export const SsoConnectionSchema = z.object({
  id: IdSchema,
  kind: z.enum(SSO_KINDS),
  name: z.string(),
  enabled: z.boolean(),
  enforced: z.boolean(),
  defaultRole: RoleSchema,
  defaultProducts: z.array(z.string()),
  testedAt: instant.nullable(),
  oidc: z.object({ issuer: z.string(), clientId: z.string(), claims: ClaimMappingSchema, redirectUri: z.string() }).nullable(),
  saml: z
    .object({ metadataUrl: z.string().nullable(), idpEntityId: z.string(), allowIdpInitiated: z.boolean(), spEntityId: z.string(), acsUrl: z.string(), spMetadataUrl: z.string() })
    .nullable(),
  /** Where the organization's people can start this sign-in directly (bookmarks, the desktop apps). */
  startUrl: z.string(),
  createdAt: instant,
});
export type SsoConnection = z.infer<typeof SsoConnectionSchema>;

/** What a test sign-in brought back: the mapped claims, and whether its email may sign in. */
export const SsoTestResultSchema = z.object({
  connectionId: IdSchema,
  subject: z.string(),
  email: z.string().nullable(),
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  groups: z.array(z.string()),
  multiFactor: z.boolean(),
  /** Null when people with this email can sign in through it; else why not, in plain words. */
  problem: z.string().nullable(),
});
export type SsoTestResult = z.infer<typeof SsoTestResultSchema>;

/** A single-use value the portal made itself (a hand-off, a state): random, URL-safe. */
export const SsoHandoffSchema = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be the value the sign-in returned');

/** The console reads a test's result with the hand-off its return carried. */
export const SsoTestResultQuerySchema = z.object({ orgId: OrgIdSchema, handoff: SsoHandoffSchema });
