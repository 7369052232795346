import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { SamlSettingsSchema } from '../../shared/protocol/sso-schemas';
import type * as z from 'zod';
import type { Db } from '../db/client';
import type { Connection, SamlConfig } from './settings';
import type { SsoIdentity } from './identity';

type SamlConnectionRow = Extract<Connection, { kind: 'saml' }>;

/** samlify and its XML stack (a few MB) load with the first SAML connection used, not with the server. */
const samlModule = () => import('./saml');

/** A SAML response the portal refuses, with the reason the audit records. */
export class SamlRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SamlRefusal';
  }
}

/** The portal's service-provider addresses for one connection: its entity id (the metadata URL) and its ACS. */
export function samlEndpoints(publicUrl: string, connectionId: string) {
  const base = `${publicUrl}/sso/saml/${connectionId}`;
  return { spEntityId: `${base}/metadata`, acsUrl: `${base}/acs`, spMetadataUrl: `${base}/metadata` };
}

const REDIRECT_ONLY =
  'This provider takes sign-in requests by HTTP-POST only; the portal sends them by HTTP-Redirect. Turn the HTTP-Redirect binding on at the provider, then add its metadata again.';

/**
 * A SAML connection's settings as the admin gave them: the metadata pasted (or fetched from its URL: https, 1 MB, 10 s),
 * read and checked (an entity id, a sign-in endpoint, a signing certificate); refused with the module's plain sentence.
 */
export async function samlSettingsFrom(input: z.infer<typeof SamlSettingsSchema>): Promise<SamlConfig> {
  const saml = await samlModule();
  let xml = input.metadataXml ?? null;
  if (!xml && input.metadataUrl) {
    const fetched = await saml.fetchIdpMetadata(input.metadataUrl);
    if (!fetched.ok) throw new CallError(ERROR_CODES.BAD_REQUEST, fetched.problem.message, { fields: ['saml.metadataUrl'] });
    xml = fetched.xml;
  }
  const parsed = saml.parseIdpMetadata(xml ?? '');
  if (!parsed.ok) throw new CallError(ERROR_CODES.BAD_REQUEST, parsed.problem.message, { fields: ['saml.metadataXml'] });
  if (parsed.metadata.ssoBinding !== 'redirect') throw new CallError(ERROR_CODES.BAD_REQUEST, REDIRECT_ONLY, { fields: ['saml.metadataXml'] });
  return { metadataUrl: input.metadataUrl ?? null, metadataXml: xml!, idpEntityId: parsed.metadata.entityId, allowIdpInitiated: input.allowIdpInitiated };
}

/** The protocol layer's view of a connection. */
async function protocolConnection(publicUrl: string, connectionId: string, config: SamlConfig) {
  const saml = await samlModule();
  return saml.samlConnection(publicUrl, connectionId, { idpMetadataXml: config.metadataXml, idpMetadataUrl: config.metadataUrl, allowIdpInitiated: config.allowIdpInitiated });
}

/** The AuthnRequest for a sign-in (HTTP-Redirect), its RelayState the attempt's state. */
export async function samlAuthnRequest(connection: SamlConnectionRow, publicUrl: string, relayState: string): Promise<{ url: string; requestId: string }> {
  const saml = await samlModule();
  const request = saml.buildAuthnRequest(await protocolConnection(publicUrl, connection.id, connection.saml), relayState);
  if (request.binding !== 'redirect') throw new SamlRefusal('post-binding-only');
  return { url: request.url, requestId: request.requestId };
}

/**
 * A POSTed SAMLResponse checked for this connection (signature, audience, recipient, time, InResponseTo, and the
 * assertion id taken once: saml-response.ts), as the person it names; SamlRefusal with the reason otherwise.
 */
export async function samlIdentity(db: Db, connection: SamlConnectionRow, publicUrl: string, response: string, requestId: string | null): Promise<SsoIdentity> {
  const saml = await samlModule();
  try {
    const identity = await saml.validateResponse(await protocolConnection(publicUrl, connection.id, connection.saml), response, { expectedRequestId: requestId, db });
    return {
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email?.toLowerCase() ?? null,
      givenName: identity.givenName,
      familyName: identity.familyName,
      groups: identity.groups,
      multiFactor: identity.multiFactor,
    };
  } catch (error) {
    if (error instanceof saml.SamlError) throw new SamlRefusal(error.reason);
    throw error;
  }
}

/** The portal's service-provider metadata for a connection. */
export async function samlServiceProviderMetadata(publicUrl: string, connection: SamlConnectionRow): Promise<string> {
  const saml = await samlModule();
  return saml.spMetadata(await protocolConnection(publicUrl, connection.id, connection.saml));
}
