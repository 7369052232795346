import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import type { SamlConnection } from './saml-config';
import { metadataProblem, type SamlMetadataProblem } from './saml-errors';
import { BINDING, NS, parseXml, samlify } from './saml-library';

/** Metadata larger than this is refused, fetched or pasted. */
const MAX_BYTES = 1024 * 1024;

/** Clock skew allowed between the provider and the portal, both ways. */
export const CLOCK_SKEW_MS = 2 * 60 * 1000;

/** What the portal needs of an identity provider, read from its metadata. */
export interface IdpMetadata {
  entityId: string;
  /** Where sign-in requests go: the HTTP-Redirect endpoint when there is one, else HTTP-POST. */
  ssoUrl: string;
  ssoBinding: 'redirect' | 'post';
  signingCertificates: { pem: string; subject: string; notAfter: string; fingerprint256: string }[];
}

export type MetadataResult<T> = ({ ok: true } & T) | { ok: false; problem: SamlMetadataProblem };

/** https, or http on a loopback address (a provider on the same machine, as in tests). */
function allowedUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol === 'https:') return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || (isIP(host) === 4 && host.startsWith('127.')) || host === '::1';
  return url.protocol === 'http:' && loopback ? url : null;
}

/** Reads an IdP's metadata (EntityDescriptor with an IDPSSODescriptor) through samlify, or says what is missing. */
export function parseIdpMetadata(xml: string): MetadataResult<{ metadata: IdpMetadata }> {
  if (Buffer.byteLength(xml) > MAX_BYTES) return { ok: false, problem: metadataProblem('too-large') };
  const doc = parseXml(xml);
  if (!doc) return { ok: false, problem: metadataProblem('not-xml') };
  const root = doc.documentElement;
  const descriptor = root.localName === 'EntityDescriptor' && root.namespaceURI === NS.metadata ? Array.from(root.childNodes).find((n) => (n as Element).localName === 'IDPSSODescriptor') : undefined;
  if (!descriptor) return { ok: false, problem: metadataProblem('no-idp') };
  let meta: ReturnType<typeof samlify.IdPMetadata>;
  try {
    meta = samlify.IdPMetadata(xml);
  } catch {
    return { ok: false, problem: metadataProblem('not-xml') };
  }
  const entityId = meta.getEntityID();
  if (typeof entityId !== 'string' || !entityId.trim()) return { ok: false, problem: metadataProblem('no-entity-id') };
  if (meta.isWantAuthnRequestsSigned()) return { ok: false, problem: metadataProblem('wants-signed-requests') };
  const endpoint = (binding: 'redirect' | 'post') => {
    const location = meta.getSingleSignOnService(binding);
    return typeof location === 'string' && allowedUrl(location) ? location : null;
  };
  const redirect = endpoint('redirect');
  const post = redirect ? null : endpoint('post');
  if (!redirect && !post) return { ok: false, problem: metadataProblem('no-sso-url') };
  const signingCertificates = [meta.getX509Certificate('signing')].flat(3).flatMap((body) => {
    if (typeof body !== 'string' || !body.trim()) return [];
    const pem = `-----BEGIN CERTIFICATE-----\n${body.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
    try {
      const cert = new X509Certificate(pem);
      return [{ pem, subject: cert.subject, notAfter: new Date(cert.validTo).toISOString(), fingerprint256: cert.fingerprint256 }];
    } catch {
      return [];
    }
  });
  if (signingCertificates.length === 0) return { ok: false, problem: metadataProblem('no-signing-certificate') };
  return { ok: true, metadata: { entityId, ssoUrl: (redirect ?? post)!, ssoBinding: redirect ? 'redirect' : 'post', signingCertificates } };
}

/**
 * Fetches an IdP's metadata from the URL an admin gave: https only (http on a loopback address), no redirects, at most
 * 1 MB, 10 seconds. Answers the XML with what it says, or the problem in a sentence for the console.
 */
export async function fetchIdpMetadata(rawUrl: string, options: { timeoutMs?: number } = {}): Promise<MetadataResult<{ xml: string; metadata: IdpMetadata }>> {
  const url = allowedUrl(rawUrl);
  if (!url) return { ok: false, problem: metadataProblem('bad-url') };
  let response: Response;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  try {
    response = await fetch(url, { redirect: 'error', signal, headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } });
  } catch {
    return { ok: false, problem: metadataProblem('unreachable') };
  }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, problem: metadataProblem('http-status') };
  }
  if (Number(response.headers.get('content-length') ?? 0) > MAX_BYTES) {
    await response.body.cancel().catch(() => undefined);
    return { ok: false, problem: metadataProblem('too-large') };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > MAX_BYTES) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, problem: metadataProblem('too-large') };
      }
      chunks.push(read.value);
    }
  } catch {
    return { ok: false, problem: metadataProblem('unreachable') };
  }
  const xml = Buffer.concat(chunks).toString('utf8');
  const parsed = parseIdpMetadata(xml);
  return parsed.ok ? { ok: true, xml, metadata: parsed.metadata } : parsed;
}

/** samlify's view of the connection's identity provider, from its metadata. */
export function idpEntity(connection: SamlConnection) {
  return samlify.IdentityProvider({ metadata: connection.config.idpMetadataXml });
}

/** samlify's view of the portal as this connection's service provider. */
export function spEntity(connection: SamlConnection) {
  return samlify.ServiceProvider({
    entityID: connection.sp.entityId,
    assertionConsumerService: [{ Binding: BINDING.post, Location: connection.sp.acsUrl }],
    authnRequestsSigned: false,
    wantAssertionsSigned: true,
    wantMessageSigned: false,
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified'],
    clockDrifts: [-CLOCK_SKEW_MS, CLOCK_SKEW_MS],
  });
}

/**
 * The portal's service-provider metadata for one connection, to give the provider: its entity id, the ACS (HTTP-POST),
 * unsigned requests, signed assertions wanted (a signed Response is accepted too).
 */
export function spMetadata(connection: SamlConnection): string {
  return spEntity(connection).getMetadata();
}
