import * as z from 'zod';
import { parseIdpMetadata } from './saml-metadata';

/** Metadata larger than this is refused (Entra's is about 25 KB with its certificates). */
export const MAX_METADATA_BYTES = 1024 * 1024;

/**
 * A SAML connection's own settings (the jsonb `config` of a connection of kind 'saml'). The metadata XML is what the
 * admin pasted, or what the portal fetched from `idpMetadataUrl` (kept to fetch again when the provider rotates keys).
 */
export const SamlConnectionConfigSchema = z.object({
  idpMetadataXml: z
    .string()
    .min(1, 'Paste the identity provider’s metadata XML.')
    .max(MAX_METADATA_BYTES, 'The metadata is larger than the portal accepts (1 MB).')
    .superRefine((xml, ctx) => {
      const parsed = parseIdpMetadata(xml);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.problem.message });
    }),
  idpMetadataUrl: z.url({ protocol: /^https?$/ }).max(2048).nullable().default(null),
  /** Accept responses the provider sends unasked (no InResponseTo), as from an app tile in Okta or My Apps. */
  allowIdpInitiated: z.boolean().default(false),
});
export type SamlConnectionConfig = z.infer<typeof SamlConnectionConfigSchema>;

/** One SAML connection as the protocol layer sees it: its id, its settings, and the portal's side of it. */
export interface SamlConnection {
  /** The connection's id: in the portal's URLs, and the key of its used assertion ids. */
  id: string;
  config: SamlConnectionConfig;
  /** The portal as this connection's service provider. */
  sp: { entityId: string; acsUrl: string };
}

/**
 * The connection with the portal's side derived from PUBLIC_URL and the connection's id: the entity id is the
 * metadata's own URL (`{publicUrl}/sso/saml/{id}/metadata`) and responses are POSTed to `{publicUrl}/sso/saml/{id}/acs`.
 * Each connection is a service provider of its own, so a response for one connection is refused by every other.
 */
export function samlConnection(publicUrl: string, id: string, config: SamlConnectionConfig): SamlConnection {
  const base = `${publicUrl.replace(/\/+$/, '')}/sso/saml/${encodeURIComponent(id)}`;
  return { id, config, sp: { entityId: `${base}/metadata`, acsUrl: `${base}/acs` } };
}
