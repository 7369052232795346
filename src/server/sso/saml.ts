// The SAML 2.0 service-provider side of an organization's connection (issue 25), through samlify: pure functions over
// a connection (no express, no tables but the used assertion ids). See README.md for the flow and the reasons.
import type { SamlConnection } from './saml-config';
import { idpEntity, parseIdpMetadata, spEntity } from './saml-metadata';

export { SamlConnectionConfigSchema, samlConnection, type SamlConnection, type SamlConnectionConfig } from './saml-config';
export { SAML_ERROR_MESSAGES, SAML_METADATA_MESSAGES, SamlError, type SamlErrorReason, type SamlMetadataProblem, type SamlMetadataProblemCode } from './saml-errors';
export { CLOCK_SKEW_MS, fetchIdpMetadata, parseIdpMetadata, spMetadata, type IdpMetadata, type MetadataResult } from './saml-metadata';
export { validateResponse } from './saml-response';
export { claimAssertion } from './saml-assertions';
export type { SamlIdentity } from './saml-identity';

/** RelayState longer than this is refused by some providers (SAML bindings 3.4.3: 80 bytes). */
const MAX_RELAY_STATE_BYTES = 80;

/** How the browser takes a sign-in request to the provider. */
export type SamlAuthnRequest =
  /** Redirect the browser to `url` (HTTP-Redirect binding; the request and RelayState are in the query). */
  | { binding: 'redirect'; requestId: string; url: string }
  /** The provider takes HTTP-POST only: the browser POSTs `fields` to `url` (an auto-submitting form). */
  | { binding: 'post'; requestId: string; url: string; fields: { SAMLRequest: string; RelayState: string } };

/**
 * A sign-in request to the connection's provider (unsigned, NameID format unspecified, our ACS over HTTP-POST). The
 * caller keeps `requestId` with its sign-in attempt and passes it back to `validateResponse` as `expectedRequestId`;
 * `relayState` (at most 80 bytes, e.g. the attempt's id) comes back with the response.
 */
export function buildAuthnRequest(connection: SamlConnection, relayState: string): SamlAuthnRequest {
  if (Buffer.byteLength(relayState) > MAX_RELAY_STATE_BYTES) throw new RangeError('RelayState is longer than 80 bytes');
  const parsed = parseIdpMetadata(connection.config.idpMetadataXml);
  if (!parsed.ok) throw new RangeError(`The connection's metadata cannot be used: ${parsed.problem.code}`);
  const binding = parsed.metadata.ssoBinding;
  const made = spEntity(connection).createLoginRequest(idpEntity(connection), binding, { relayState });
  if (binding === 'redirect') return { binding, requestId: made.id, url: made.context };
  return { binding, requestId: made.id, url: parsed.metadata.ssoUrl, fields: { SAMLRequest: made.context, RelayState: relayState } };
}
