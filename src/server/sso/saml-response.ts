import * as z from 'zod';
import type { Db } from '../db/client';
import { claimAssertion } from './saml-assertions';
import type { SamlConnection } from './saml-config';
import { SamlError } from './saml-errors';
import { allElements, NS, parseXml, samlify, SCHEMA_INVALID } from './saml-library';
import { CLOCK_SKEW_MS, idpEntity, spEntity } from './saml-metadata';
import { identityOf, type SamlIdentity } from './saml-identity';

/** A SAMLResponse form field larger than this (base64) is refused before it is decoded. */
const MAX_RESPONSE_CHARS = 512 * 1024;

/**
 * What must hold of the XML before samlify reads it, so that what its signature check verified is what is read: one
 * Response, exactly one Assertion (anywhere), a direct child of it, and not encrypted; at least one signature; every
 * signature a direct child of the Response or the Assertion with one reference, to its own parent; no two elements
 * with one id. A classic wrapping (the signed assertion moved into Extensions or an Object, another put in its place)
 * has two assertions and is refused here, before any value is read.
 */
function checkShape(xml: string): void {
  const doc = parseXml(xml);
  if (!doc) throw new SamlError('malformed', 'not well-formed XML, or a DOCTYPE');
  const root = doc.documentElement;
  if (root.localName !== 'Response' || root.namespaceURI !== NS.protocol) throw new SamlError('malformed', 'not a samlp:Response');
  const elements = allElements(doc);
  if (elements.some((e) => e.localName === 'EncryptedAssertion')) throw new SamlError('malformed', 'encrypted assertions are not supported');
  const assertions = elements.filter((e) => e.localName === 'Assertion');
  if (assertions.length === 0) throw new SamlError('malformed', 'no assertion');
  if (assertions.length > 1) throw new SamlError('bad-signature', `${assertions.length} assertions (signature wrapping)`);
  const assertion = assertions[0]!;
  if (assertion.parentNode !== root || assertion.namespaceURI !== NS.assertion) throw new SamlError('bad-signature', 'the assertion is not where it is read');
  const ids = elements.flatMap((e) => ['ID', 'Id', 'id'].map((name) => e.getAttribute(name)).filter((id): id is string => !!id));
  if (new Set(ids).size !== ids.length) throw new SamlError('bad-signature', 'duplicate ids');
  const signatures = elements.filter((e) => e.localName === 'Signature');
  if (signatures.length === 0) throw new SamlError('unsigned', 'no signature on the response or the assertion');
  for (const signature of signatures) {
    const parent = signature.parentNode as Element | null;
    if (signature.namespaceURI !== NS.dsig || (parent !== root && parent !== assertion)) throw new SamlError('bad-signature', 'a signature outside the response and assertion');
    const references = allElementsOf(signature).filter((e) => e.localName === 'Reference');
    if (references.length !== 1 || references[0]!.getAttribute('URI') !== `#${parent.getAttribute('ID')}`) throw new SamlError('bad-signature', 'a signature over another element than its parent');
  }
}

const allElementsOf = (element: Element): Element[] => Array.from(element.getElementsByTagName('*') as unknown as ArrayLike<Element>);

/** samlify's refusals, by its error text, as reasons. */
function reasonOf(error: unknown): SamlError {
  const message = error instanceof Error ? error.message : String(error);
  if (message === SCHEMA_INVALID || message === 'ERR_INVALID_XML') return new SamlError('malformed', 'not a SAML response by the schema');
  if (message.startsWith('ERR_FAILED_STATUS')) return new SamlError('idp-error', message);
  if (message === 'ERR_UNMATCH_ISSUER') return new SamlError('wrong-issuer', message);
  if (/SIGNATURE|CERTIFICATE|WRAPPING|REFERENCE|multiple elements with the same value|digest|invalid signature/i.test(message)) return new SamlError('bad-signature', message);
  return new SamlError('malformed', message);
}

/** The assertion as its verified signature covers it (the signed Assertion, or the one Assertion of the signed Response). */
function verifiedAssertion(xml: string, idp: ReturnType<typeof idpEntity>): string {
  const [verified, assertion] = samlify.SamlLib.verifySignature(xml, { metadata: idp.entityMeta });
  if (!verified || !assertion) throw new SamlError('bad-signature', 'no verified assertion');
  return assertion;
}

const field = (key: string, localPath: string[], attributes: string[] = []) => ({ key, localPath, attributes });
const ASSERTION_FIELDS = [
  field('id', ['Assertion'], ['ID']),
  field('issuer', ['Assertion', 'Issuer']),
  field('nameID', ['Assertion', 'Subject', 'NameID']),
  field('nameIDFormat', ['Assertion', 'Subject', 'NameID'], ['Format']),
  // Two attribute names make samlify's extractor answer one record per element (with one, it answers the first value only).
  field('confirmations', ['Assertion', 'Subject', 'SubjectConfirmation'], ['Method', 'NameQualifier']),
  field('confirmationData', ['Assertion', 'Subject', 'SubjectConfirmation', 'SubjectConfirmationData'], ['Recipient', 'NotOnOrAfter', 'NotBefore', 'InResponseTo']),
  field('conditions', ['Assertion', 'Conditions'], ['NotBefore', 'NotOnOrAfter']),
  field('audience', ['Assertion', 'Conditions', 'AudienceRestriction', 'Audience']),
  field('authnContextClassRef', ['Assertion', 'AuthnStatement', 'AuthnContext', 'AuthnContextClassRef']),
  { key: 'attributes', localPath: ['Assertion', 'AttributeStatement', 'Attribute'], index: ['Name'], attributePath: ['AttributeValue'], attributes: [] },
];

const Strings = z.union([z.string(), z.array(z.string())]).nullish().transform((v) => (v == null ? [] : [v].flat()));
const Records = <T extends z.ZodRawShape>(shape: T) =>
  z.union([z.object(shape), z.array(z.object(shape))]).nullish().transform((v) => (v == null ? [] : [v].flat()));
const Time = z.iso.datetime({ offset: true, local: false }).optional();

/** The fields of a verified assertion, checked for shape (a value that is not what SAML says is `malformed`). */
const AssertionSchema = z.object({
  id: z.string().min(1),
  issuer: Strings,
  nameID: z.string().min(1),
  nameIDFormat: z.string().optional(),
  confirmations: Records({ method: z.string().optional(), nameQualifier: z.string().optional() }),
  confirmationData: Records({ recipient: z.string().optional(), notOnOrAfter: Time, notBefore: Time, inResponseTo: z.string().optional() }),
  conditions: Records({ notBefore: Time, notOnOrAfter: Time }),
  audience: Strings,
  authnContextClassRef: Strings,
  attributes: z.record(z.string(), z.union([z.string(), z.array(z.string())]).nullish()).nullish(),
});

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const ms = (time: string | undefined) => (time ? Date.parse(time) : null);

/**
 * Checks a SAMLResponse (the base64 form field POSTed to the connection's ACS) and answers who signed in, or throws a
 * `SamlError`. samlify checks the schema, the status, the signature (Response or Assertion, with a certificate of the
 * provider's metadata; absolute paths against wrapping), the issuer and the Conditions' time window; this adds the
 * shape checks before it (`checkShape`) and, on the verified assertion, the audience, the recipient and destination,
 * the bearer confirmation's time window, InResponseTo against the request this sign-in sent (`expectedRequestId`; null
 * for none, where only a connection with `allowIdpInitiated` accepts a response without InResponseTo), and last the
 * single use of the assertion id (`claimAssertion` on `db`), so an assertion refused for any other reason is not spent.
 */
export async function validateResponse(connection: SamlConnection, samlResponse: string, options: { expectedRequestId: string | null; db: Db }): Promise<SamlIdentity> {
  if (typeof samlResponse !== 'string' || samlResponse.length > MAX_RESPONSE_CHARS || !/^[A-Za-z0-9+/=\s]+$/.test(samlResponse)) throw new SamlError('malformed', 'not base64');
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  checkShape(xml);
  const idp = idpEntity(connection);
  const sp = spEntity(connection);
  let flow: Awaited<ReturnType<typeof sp.parseLoginResponse>>;
  try {
    flow = await sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse: samlResponse } });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The time window (Conditions, or the session's end) was not met: which side of it, from the verified assertion.
    if (message === 'ERR_SUBJECT_UNCONFIRMED' || message === 'ERR_EXPIRED_SESSION') throw timeError(xml, idp);
    throw reasonOf(error);
  }
  const parsed = AssertionSchema.safeParse(samlify.Extractor.extract(verifiedAssertion(xml, idp), ASSERTION_FIELDS as never));
  if (!parsed.success) throw new SamlError('malformed', `assertion fields: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  const assertion = parsed.data;
  const response = (flow.extract.response ?? {}) as { destination?: string; inResponseTo?: string };
  const { entityId, acsUrl } = connection.sp;

  const idpEntityId = idp.entityMeta.getEntityID();
  if (assertion.issuer.length !== 1 || assertion.issuer[0] !== idpEntityId) throw new SamlError('wrong-issuer', 'assertion issuer');
  const responseIssuer = Strings.parse(samlify.Extractor.extract(xml, [field('issuer', ['Response', 'Issuer'])]).issuer);
  if (responseIssuer.some((issuer) => issuer !== idpEntityId)) throw new SamlError('wrong-issuer', 'response issuer');
  if (!assertion.audience.includes(entityId)) throw new SamlError('wrong-audience', `audience ${assertion.audience.join(' ')}`);
  if (response.destination !== undefined && response.destination !== acsUrl) throw new SamlError('wrong-recipient', 'response destination');
  // Bearer confirmations only; with several, the one for this ACS (SAML profiles 4.1.4.2).
  const bearer = assertion.confirmations.every((c) => c.method === BEARER) && assertion.confirmations.length === assertion.confirmationData.length;
  if (!bearer || assertion.confirmationData.length === 0) throw new SamlError('malformed', 'no bearer subject confirmation');
  const confirmation = assertion.confirmationData.find((c) => c.recipient === acsUrl);
  if (!confirmation) throw new SamlError('wrong-recipient', 'subject confirmation recipient');
  if (!confirmation.notOnOrAfter) throw new SamlError('malformed', 'subject confirmation without NotOnOrAfter');

  const now = Date.now();
  const conditions = assertion.conditions[0] ?? {};
  const notBefore = [ms(conditions.notBefore), ms(confirmation.notBefore)].filter((t): t is number => t !== null);
  const notOnOrAfter = Math.min(...[ms(conditions.notOnOrAfter), ms(confirmation.notOnOrAfter)].filter((t): t is number => t !== null));
  if (notBefore.some((t) => t > now + CLOCK_SKEW_MS)) throw new SamlError('not-yet-valid');
  if (notOnOrAfter + CLOCK_SKEW_MS <= now) throw new SamlError('expired');

  // InResponseTo: the signed one, in the bearer confirmation (the Web SSO profile puts it there). The Response's own may
  // be outside any signature (when only the assertion is signed): it must agree, and never stands in for a missing one.
  const inResponseTo = confirmation.inResponseTo ?? null;
  if (response.inResponseTo !== undefined && response.inResponseTo !== inResponseTo) throw new SamlError('in-response-to-mismatch', 'response and assertion differ');
  if (inResponseTo === null) {
    if (!connection.config.allowIdpInitiated) throw new SamlError('unsolicited');
  } else if (inResponseTo !== options.expectedRequestId) {
    throw new SamlError('in-response-to-mismatch', options.expectedRequestId === null ? 'no request pending' : 'another request');
  }

  if (!(await claimAssertion(options.db, connection.id, assertion.id, new Date(notOnOrAfter + CLOCK_SKEW_MS)))) throw new SamlError('replayed');
  return identityOf(assertion, { issuer: assertion.issuer[0], notOnOrAfter: new Date(notOnOrAfter), inResponseTo });
}

/** Refused by the time window: before it (`not-yet-valid`) or after it (`expired`), read from the verified assertion. */
function timeError(xml: string, idp: ReturnType<typeof idpEntity>): SamlError {
  try {
    const { conditions } = AssertionSchema.pick({ conditions: true }).parse(samlify.Extractor.extract(verifiedAssertion(xml, idp), ASSERTION_FIELDS as never));
    const notBefore = ms(conditions[0]?.notBefore);
    return notBefore !== null && notBefore > Date.now() + CLOCK_SKEW_MS ? new SamlError('not-yet-valid') : new SamlError('expired');
  } catch {
    return new SamlError('expired');
  }
}

export type VerifiedAssertion = z.infer<typeof AssertionSchema>;
