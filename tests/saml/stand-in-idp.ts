import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import type * as Samlify from 'samlify';
import { samlify } from '../../src/server/sso/saml-library';

/** A stand-in SAML identity provider for tests, built with samlify (the portal's own SAML library). */

const NS = { protocol: 'urn:oasis:names:tc:SAML:2.0:protocol', assertion: 'urn:oasis:names:tc:SAML:2.0:assertion', dsig: 'http://www.w3.org/2000/09/xmldsig#' };
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
export const PASSWORD_CONTEXT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';

/** An RSA key and a self-signed certificate made now with the openssl CLI (Node can read certificates, not issue them). */
export function makeSigningKey(commonName = 'Stand-in IdP'): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'saml-idp-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '2', '-subj', `/CN=${commonName}`], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The service provider a response is for: the portal's connection. */
export interface TargetSp {
  entityId: string;
  acsUrl: string;
}

export interface ResponseOptions {
  sp: TargetSp;
  /** The AuthnRequest's id; null or absent for an IdP-initiated response. */
  inResponseTo?: string | null;
  nameId?: string;
  nameIdFormat?: string;
  attributes?: Record<string, string | string[]>;
  authnContextClassRef?: string;
  /** What carries the signature; default the assertion. */
  sign?: 'assertion' | 'response' | 'both' | 'none';
  /** Overrides, for the bad responses. */
  audience?: string;
  recipient?: string;
  destination?: string;
  issuer?: string;
  /** The Response's own Issuer, when it should differ from the assertion's. */
  responseIssuer?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  assertionId?: string;
  statusCode?: string;
}

const TEMPLATE =
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}">' +
  '<saml:Issuer>{ResponseIssuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="{StatusCode}"/></samlp:Status>' +
  '<saml:Assertion ID="{AssertionID}" Version="2.0" IssueInstant="{IssueInstant}"><saml:Issuer>{Issuer}</saml:Issuer>' +
  '<saml:Subject><saml:NameID Format="{NameIDFormat}">{NameID}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">' +
  '<saml:SubjectConfirmationData NotOnOrAfter="{NotOnOrAfter}" Recipient="{Recipient}" InResponseTo="{InResponseTo}"/></saml:SubjectConfirmation></saml:Subject>' +
  '<saml:Conditions NotBefore="{NotBefore}" NotOnOrAfter="{NotOnOrAfter}"><saml:AudienceRestriction><saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>' +
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{AssertionID}"><saml:AuthnContext><saml:AuthnContextClassRef>{AuthnContextClassRef}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>' +
  '</saml:Assertion></samlp:Response>';

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const serialize = (doc: unknown) => new XMLSerializer().serializeToString(doc as Node);
const b64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
const unb64 = (value: string) => Buffer.from(value, 'base64').toString('utf8');

export interface StandInIdp {
  entityId: string;
  ssoUrl: string;
  cert: string;
  metadataXml: string;
  /** samlify's IdP entity (to parse AuthnRequests). */
  entity: Samlify.IdentityProviderInstance;
  /** A SAMLResponse (base64) for the SP, signed as `options.sign` says with this IdP's key (or `signingKey`). */
  response(options: ResponseOptions, signingKey?: { key: string; cert: string }): string;
}

/** An IdP with a fresh key. `ssoUrl` is where its metadata says AuthnRequests go (HTTP-Redirect). */
export function makeStandInIdp(options: { entityId?: string; ssoUrl?: string } = {}): StandInIdp {
  const entityId = options.entityId ?? `https://idp.stand-in.test/${randomUUID()}`;
  const ssoUrl = options.ssoUrl ?? 'https://idp.stand-in.test/sso';
  const own = makeSigningKey();
  const entity = samlify.IdentityProvider({
    entityID: entityId,
    privateKey: own.key,
    signingCert: own.cert,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl }],
    singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${ssoUrl}/logout` }],
  });
  return {
    entityId,
    ssoUrl,
    cert: own.cert,
    metadataXml: entity.getMetadata(),
    entity,
    response(o, signingKey = own) {
      const now = Date.now();
      const raw = samlify.SamlLib.replaceTagsByValue(TEMPLATE, {
        ID: `_${randomUUID()}`,
        AssertionID: o.assertionId ?? `_${randomUUID()}`,
        IssueInstant: new Date(now).toISOString(),
        Destination: o.destination ?? o.sp.acsUrl,
        InResponseTo: o.inResponseTo ?? null,
        Issuer: o.issuer ?? entityId,
        ResponseIssuer: o.responseIssuer ?? o.issuer ?? entityId,
        StatusCode: o.statusCode ?? 'urn:oasis:names:tc:SAML:2.0:status:Success',
        NameIDFormat: o.nameIdFormat ?? EMAIL_FORMAT,
        NameID: o.nameId ?? 'ada@example.test',
        Recipient: o.recipient ?? o.sp.acsUrl,
        NotBefore: (o.notBefore ?? new Date(now - 1000)).toISOString(),
        NotOnOrAfter: (o.notOnOrAfter ?? new Date(now + 5 * 60 * 1000)).toISOString(),
        Audience: o.audience ?? o.sp.entityId,
        AuthnContextClassRef: o.authnContextClassRef ?? PASSWORD_CONTEXT,
      });
      const xml = withAttributes(raw, o.attributes ?? {});
      const sign = o.sign ?? 'assertion';
      // samlify takes the certificate's base64 body (as its metadata gives it), not PEM.
      const config = { privateKey: signingKey.key, signingCert: samlify.Utility.normalizeCerString(signingKey.cert), signatureAlgorithm: RSA_SHA256, isBase64Output: false };
      let signed = xml;
      if (sign === 'assertion' || sign === 'both') {
        signed = samlify.SamlLib.constructSAMLSignature({
          ...config,
          rawSamlMessage: signed,
          referenceTagXPath: "/*[local-name(.)='Response']/*[local-name(.)='Assertion']",
          signatureConfig: { prefix: 'ds', location: { reference: "/*[local-name(.)='Response']/*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } },
        }) as string;
      }
      if (sign === 'response' || sign === 'both') {
        signed = samlify.SamlLib.constructSAMLSignature({
          ...config,
          rawSamlMessage: signed,
          isMessageSigned: true,
          signatureConfig: { prefix: 'ds', location: { reference: "/*[local-name(.)='Response']/*[local-name(.)='Issuer']", action: 'after' } },
        }) as string;
      }
      return b64(signed);
    },
  };
}

/** Adds an AttributeStatement (built as DOM elements) after the AuthnStatement. */
function withAttributes(xml: string, attributes: Record<string, string | string[]>): string {
  if (Object.keys(attributes).length === 0) return xml;
  const doc = parse(xml);
  const assertion = doc.getElementsByTagNameNS(NS.assertion, 'Assertion')[0]!;
  const statement = doc.createElementNS(NS.assertion, 'saml:AttributeStatement');
  for (const [name, value] of Object.entries(attributes)) {
    const attribute = doc.createElementNS(NS.assertion, 'saml:Attribute');
    attribute.setAttribute('Name', name);
    for (const one of [value].flat()) {
      const element = doc.createElementNS(NS.assertion, 'saml:AttributeValue');
      element.appendChild(doc.createTextNode(one));
      attribute.appendChild(element);
    }
    statement.appendChild(attribute);
  }
  assertion.appendChild(statement);
  return serialize(doc);
}

/** The same response with the NameID changed after signing (its signature no longer matches). */
export function tamperNameId(samlResponse: string, nameId: string): string {
  const doc = parse(unb64(samlResponse));
  const nameIdElement = doc.getElementsByTagNameNS(NS.assertion, 'NameID')[0]!;
  nameIdElement.textContent = nameId;
  return b64(serialize(doc));
}

/**
 * A classic XML signature wrapping of a response whose assertion is signed: the signed assertion is moved into the
 * Response's Extensions (where a checker that looks the signature's reference up by id still finds it), and an evil
 * assertion with another NameID and id takes its place (where a reader reads). The evil one is unsigned, or, with
 * `copySignature`, carries a copy of the original's signature (whose reference still names the moved original).
 */
export function wrapAssertion(samlResponse: string, evilNameId: string, options: { copySignature?: boolean } = {}): string {
  const doc = parse(unb64(samlResponse));
  const response = doc.documentElement!;
  const original = doc.getElementsByTagNameNS(NS.assertion, 'Assertion')[0]!;
  const evil = original.cloneNode(true) as typeof original;
  evil.setAttribute('ID', `_evil-${randomUUID()}`);
  evil.getElementsByTagNameNS(NS.assertion, 'NameID')[0]!.textContent = evilNameId;
  if (!options.copySignature) for (const signature of Array.from(evil.getElementsByTagNameNS(NS.dsig, 'Signature'))) signature.parentNode!.removeChild(signature);
  const extensions = doc.createElementNS(NS.protocol, 'samlp:Extensions');
  response.replaceChild(evil, original);
  extensions.appendChild(original);
  response.insertBefore(extensions, response.getElementsByTagNameNS(NS.protocol, 'Status')[0]!);
  return b64(serialize(doc));
}

/** The same response with an attribute of the Response element set after signing (outside an assertion's signature). */
export function setResponseAttribute(samlResponse: string, name: string, value: string): string {
  const doc = parse(unb64(samlResponse));
  doc.documentElement!.setAttribute(name, value);
  return b64(serialize(doc));
}

/** The decoded XML of a SAMLResponse (for assertions in tests). */
export const responseXml = unb64;

/** The person the stand-in's HTTP server signs in. */
export interface StandInUser {
  nameId: string;
  attributes?: Record<string, string | string[]>;
  authnContextClassRef?: string;
}

export interface RunningStandInIdp {
  idp: StandInIdp;
  metadataUrl: string;
  metadataXml: string;
  setUser(user: StandInUser): void;
  /** Lets the process end while the stand-in still listens (a test runner's main process). */
  unref(): void;
  close(): Promise<void>;
}

/**
 * The stand-in as an HTTP server on 127.0.0.1: GET /metadata answers its metadata; GET /sso?SAMLRequest=…&RelayState=…
 * (HTTP-Redirect) reads the AuthnRequest with samlify and answers a page whose form POSTs a signed SAMLResponse and the
 * RelayState to the request's ACS URL at once, for the person `setUser` named.
 */
export async function startStandInIdp(options: { port?: number; user?: StandInUser } = {}): Promise<RunningStandInIdp> {
  let user: StandInUser = options.user ?? { nameId: 'ada@example.test' };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const idp = makeStandInIdp({ entityId: `${origin}/metadata`, ssoUrl: `${origin}/sso` });
  server.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname === '/metadata') {
        res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idp.metadataXml);
        return;
      }
      if (url.pathname !== '/sso' || !url.searchParams.get('SAMLRequest')) {
        res.writeHead(404).end();
        return;
      }
      // The request names its SP (Issuer) and ACS; an SP entity stands for it while samlify reads the request.
      const anySp = samlify.ServiceProvider({ entityID: 'urn:stand-in:any-sp', assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: `${origin}/none` }] });
      const parsed = await idp.entity.parseLoginRequest(anySp, 'redirect', { query: Object.fromEntries(url.searchParams) });
      const request = parsed.extract.request as { id: string; assertionConsumerServiceUrl: string };
      const sp = { entityId: String(parsed.extract.issuer), acsUrl: request.assertionConsumerServiceUrl };
      const samlResponse = idp.response({ sp, inResponseTo: request.id, nameId: user.nameId, attributes: user.attributes, authnContextClassRef: user.authnContextClassRef });
      const relayState = url.searchParams.get('RelayState') ?? '';
      const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html><body><form method="post" action="${escape(sp.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${escape(samlResponse)}"><input type="hidden" name="RelayState" value="${escape(relayState)}"><noscript><button>Continue</button></noscript></form><script>document.forms[0].submit()</script></body></html>`,
      );
    })().catch(() => {
      if (!res.headersSent) res.writeHead(400).end('bad request');
    });
  });
  return {
    idp,
    metadataUrl: `${origin}/metadata`,
    metadataXml: idp.metadataXml,
    setUser: (next) => {
      user = next;
    },
    unref: () => server.unref(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
