import * as z from 'zod';
import { ClaimMappingSchema } from '../../shared/protocol/sso-schemas';
import { openSecret } from '../auth/mfa-secrets';
import type { ssoConnections } from '../db/schema';

// A connection's stored settings (the jsonb `config` of `sso_connections`), by kind, and the connection with them
// read: what the protocol modules and the sign-in take. Apart from connections.ts (the console's changes), so the
// protocol modules depend on this and nothing depends back on them.

export type ConnectionRow = typeof ssoConnections.$inferSelect;

/** An OpenID Connect connection's stored settings: the client secret sealed under the server's key (AES-256-GCM, bound to the connection). */
export const OidcConfigSchema = z.object({ issuer: z.string(), clientId: z.string(), clientSecretSealed: z.string(), claims: ClaimMappingSchema });
export type OidcConfig = z.infer<typeof OidcConfigSchema>;

/** A SAML connection's stored settings: the provider's metadata as last read, and its entity id. */
export const SamlConfigSchema = z.object({ metadataUrl: z.string().nullable(), metadataXml: z.string(), idpEntityId: z.string(), allowIdpInitiated: z.boolean() });
export type SamlConfig = z.infer<typeof SamlConfigSchema>;

/** A connection with its settings read and checked (a row whose settings do not parse is refused as unavailable). */
export type Connection =
  | (Omit<ConnectionRow, 'config'> & { kind: 'oidc'; oidc: OidcConfig & { clientSecret: string } })
  | (Omit<ConnectionRow, 'config'> & { kind: 'saml'; saml: SamlConfig });

/** The connection with its settings opened; null when they do not parse (logged by the caller). */
export function openConnection(row: ConnectionRow, mfaKey: Buffer): Connection | null {
  if (row.kind === 'oidc') {
    const parsed = OidcConfigSchema.safeParse(row.config);
    if (!parsed.success) return null;
    try {
      return { ...row, kind: 'oidc', oidc: { ...parsed.data, clientSecret: openSecret(mfaKey, parsed.data.clientSecretSealed, `sso:${row.id}`) } };
    } catch {
      return null;
    }
  }
  const parsed = SamlConfigSchema.safeParse(row.config);
  return parsed.success ? { ...row, kind: 'saml', saml: parsed.data } : null;
}
