import { createServer } from 'node:http';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import {
  buildAuthnRequest,
  claimAssertion,
  fetchIdpMetadata,
  parseIdpMetadata,
  SAML_ERROR_MESSAGES,
  samlConnection,
  SamlConnectionConfigSchema,
  SamlError,
  spMetadata,
  validateResponse,
  type SamlConnection,
} from '../../src/server/sso/saml';
import { makeSigningKey, makeStandInIdp, setResponseAttribute, startStandInIdp, tamperNameId, wrapAssertion, type StandInIdp } from '../saml/stand-in-idp';
import { samlify } from '../../src/server/sso/saml-library';
import { createStore, describeEngines, type TestStore } from './harness';

const PUBLIC_URL = 'https://portal.example.test';
const ENTRA = {
  email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  givenName: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  surname: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  groups: 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
  methods: 'http://schemas.microsoft.com/claims/authnmethodsreferences',
};

async function openStore(store: TestStore): Promise<Database> {
  return openDatabase({ databaseUrl: store.env.DATABASE_URL ?? null, dataDir: store.env.DATA_DIR! });
}

/** The reason a refused response was refused with (and that its message is a plain sentence of the map). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SamlError);
  const saml = error as SamlError;
  expect(saml.userMessage).toBe(SAML_ERROR_MESSAGES[saml.reason]);
  return saml.reason;
}

describeEngines('SAML service provider (samlify) against a stand-in IdP', (engine) => {
  let store: TestStore;
  let database: Database;
  let idp: StandInIdp;
  let connection: SamlConnection;
  let other: SamlConnection;
  const validate = (c: SamlConnection, response: string, expectedRequestId: string | null) => validateResponse(c, response, { expectedRequestId, db: database.db });

  beforeAll(async () => {
    store = await createStore(engine);
    database = await openStore(store);
    idp = makeStandInIdp();
    const config = SamlConnectionConfigSchema.parse({ idpMetadataXml: idp.metadataXml });
    connection = samlConnection(PUBLIC_URL, 'conn-a', config);
    other = samlConnection(PUBLIC_URL, 'conn-b', config);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await store?.dispose();
  });

  it('reads the IdP metadata, and says in a sentence what is wrong with metadata it cannot use', () => {
    const parsed = parseIdpMetadata(idp.metadataXml);
    expect(parsed.ok && parsed.metadata).toMatchObject({ entityId: idp.entityId, ssoUrl: idp.ssoUrl, ssoBinding: 'redirect' });
    expect(parsed.ok && parsed.metadata.signingCertificates).toHaveLength(1);
    expect(parseIdpMetadata('this is not XML')).toMatchObject({ ok: false, problem: { code: 'not-xml' } });
    expect(parseIdpMetadata(spMetadata(connection))).toMatchObject({ ok: false, problem: { code: 'no-idp' } });
    const wantsSigned = idp.metadataXml.replace('WantAuthnRequestsSigned="false"', 'WantAuthnRequestsSigned="true"');
    expect(parseIdpMetadata(wantsSigned)).toMatchObject({ ok: false, problem: { code: 'wants-signed-requests' } });
    const result = SamlConnectionConfigSchema.safeParse({ idpMetadataXml: '<x/>' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/identity provider/);
  });

  it('publishes SP metadata with its entity id and ACS, asking for signed assertions', () => {
    const xml = spMetadata(connection);
    expect(connection.sp).toEqual({ entityId: `${PUBLIC_URL}/sso/saml/conn-a/metadata`, acsUrl: `${PUBLIC_URL}/sso/saml/conn-a/acs` });
    expect(xml).toContain(`entityID="${connection.sp.entityId}"`);
    expect(xml).toContain(`Location="${connection.sp.acsUrl}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
  });

  it('builds an AuthnRequest (HTTP-Redirect) that the IdP reads: its id, our entity id and ACS, the RelayState', async () => {
    const request = buildAuthnRequest(connection, 'attempt-1');
    expect(request.binding).toBe('redirect');
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(idp.ssoUrl);
    expect(url.searchParams.get('RelayState')).toBe('attempt-1');
    const parsed = await idp.entity.parseLoginRequest(makeAnySp(), 'redirect', { query: Object.fromEntries(url.searchParams) });
    expect(parsed.extract.issuer).toBe(connection.sp.entityId);
    expect(parsed.extract.request).toMatchObject({ id: request.requestId, assertionConsumerServiceUrl: connection.sp.acsUrl });
  });

  it('sends the request by HTTP-POST to a provider that publishes only that binding', () => {
    const postOnly = idp.metadataXml.replace('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="' + idp.ssoUrl + '"', 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="' + idp.ssoUrl + '"');
    const request = buildAuthnRequest(samlConnection(PUBLIC_URL, 'conn-post', SamlConnectionConfigSchema.parse({ idpMetadataXml: postOnly })), 'attempt-post');
    expect(request).toMatchObject({ binding: 'post', url: idp.ssoUrl, fields: { RelayState: 'attempt-post' } });
    expect(request.binding === 'post' && Buffer.from(request.fields.SAMLRequest, 'base64').toString()).toContain(`ID="${request.requestId}"`);
  });

  it('accepts a good SP-initiated response and maps Entra-style claims, groups and MFA', async () => {
    const { requestId } = buildAuthnRequest(connection, 'attempt-2');
    const response = idp.response({
      sp: connection.sp,
      inResponseTo: requestId,
      nameId: 'a1b2c3',
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      attributes: { [ENTRA.email]: 'Ada@Example.test', [ENTRA.givenName]: 'Ada', [ENTRA.surname]: 'Lovelace', [ENTRA.groups]: ['g-1', 'g-2'], [ENTRA.methods]: ['http://schemas.microsoft.com/ws/2008/06/identity/authenticationmethod/password', 'http://schemas.microsoft.com/claims/multipleauthn'] },
    });
    const identity = await validate(connection, response, requestId);
    expect(identity).toMatchObject({ issuer: idp.entityId, subject: 'a1b2c3', email: 'Ada@Example.test', givenName: 'Ada', familyName: 'Lovelace', groups: ['g-1', 'g-2'], multiFactor: true, inResponseTo: requestId });
    expect(identity.assertionId).toMatch(/^_/);
    expect(identity.notOnOrAfter.getTime()).toBeGreaterThan(Date.now());
  });

  it('accepts a signed Response (assertion unsigned), Okta-style attributes, the email from an emailAddress NameID, MFA from the REFEDS profile', async () => {
    const { requestId } = buildAuthnRequest(connection, 'attempt-3');
    const response = idp.response({ sp: connection.sp, inResponseTo: requestId, sign: 'response', nameId: 'grace@example.test', attributes: { firstName: 'Grace', lastName: 'Hopper', groups: 'Everyone' }, authnContextClassRef: 'https://refeds.org/profile/mfa' });
    expect(await validate(connection, response, requestId)).toMatchObject({ subject: 'grace@example.test', email: 'grace@example.test', givenName: 'Grace', familyName: 'Hopper', groups: ['Everyone'], multiFactor: true });
    const plain = idp.response({ sp: connection.sp, inResponseTo: requestId, sign: 'both' });
    expect(await validate(connection, plain, requestId)).toMatchObject({ multiFactor: false, groups: [], givenName: null });
  });

  it('refuses unsigned, foreign-key, tampered and signature-wrapped responses', async () => {
    const { requestId } = buildAuthnRequest(connection, 'attempt-4');
    const good = { sp: connection.sp, inResponseTo: requestId };
    expect(await refusal(validate(connection, idp.response({ ...good, sign: 'none' }), requestId))).toBe('unsigned');
    expect(await refusal(validate(connection, idp.response(good, makeSigningKey('Mallory')), requestId))).toBe('bad-signature');
    expect(await refusal(validate(connection, tamperNameId(idp.response(good), 'admin@example.test'), requestId))).toBe('bad-signature');
    expect(await refusal(validate(connection, tamperNameId(idp.response({ ...good, sign: 'response' }), 'admin@example.test'), requestId))).toBe('bad-signature');
    expect(await refusal(validate(connection, wrapAssertion(idp.response(good), 'admin@example.test'), requestId))).toBe('bad-signature');
    expect(await refusal(validate(connection, wrapAssertion(idp.response(good), 'admin@example.test', { copySignature: true }), requestId))).toBe('bad-signature');
  });

  it('refuses expired, not yet valid, wrong audience, recipient, destination and issuer', async () => {
    const { requestId } = buildAuthnRequest(connection, 'attempt-5');
    const good = { sp: connection.sp, inResponseTo: requestId };
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    expect(await refusal(validate(connection, idp.response({ ...good, notBefore: minutes(-10), notOnOrAfter: minutes(-3) }), requestId))).toBe('expired');
    expect(await refusal(validate(connection, idp.response({ ...good, notBefore: minutes(5), notOnOrAfter: minutes(10) }), requestId))).toBe('not-yet-valid');
    expect(await refusal(validate(connection, idp.response({ ...good, audience: 'https://elsewhere.test/sp' }), requestId))).toBe('wrong-audience');
    expect(await refusal(validate(connection, idp.response({ ...good, recipient: 'https://elsewhere.test/acs' }), requestId))).toBe('wrong-recipient');
    expect(await refusal(validate(connection, idp.response({ ...good, destination: 'https://elsewhere.test/acs' }), requestId))).toBe('wrong-recipient');
    expect(await refusal(validate(connection, idp.response({ ...good, issuer: 'https://other-idp.test' }), requestId))).toBe('wrong-issuer');
    expect(await refusal(validate(connection, idp.response({ ...good, responseIssuer: 'https://other-idp.test' }), requestId))).toBe('wrong-issuer');
  });

  it("refuses a response made for another connection, one for another request, and the IdP's error status", async () => {
    const { requestId } = buildAuthnRequest(connection, 'attempt-6');
    const forA = idp.response({ sp: connection.sp, inResponseTo: requestId });
    expect(await refusal(validate(other, forA, requestId))).toBe('wrong-audience');
    expect(await refusal(validate(connection, forA, '_another-request'))).toBe('in-response-to-mismatch');
    expect(await refusal(validate(connection, forA, null))).toBe('in-response-to-mismatch');
    const failed = idp.response({ sp: connection.sp, inResponseTo: requestId, statusCode: 'urn:oasis:names:tc:SAML:2.0:status:Responder' });
    expect(await refusal(validate(connection, failed, requestId))).toBe('idp-error');
    expect(await refusal(validate(connection, Buffer.from('<not-saml/>').toString('base64'), requestId))).toBe('malformed');
    expect(await refusal(validate(connection, '%%%', requestId))).toBe('malformed');
  });

  it('refuses IdP-initiated responses unless the connection allows them', async () => {
    const unsolicited = idp.response({ sp: connection.sp, inResponseTo: null });
    expect(await refusal(validate(connection, unsolicited, null))).toBe('unsolicited');
    const allowing = samlConnection(PUBLIC_URL, 'conn-a', { ...connection.config, allowIdpInitiated: true });
    expect(await validate(allowing, unsolicited, null)).toMatchObject({ inResponseTo: null, subject: 'ada@example.test' });
    // An unsolicited assertion dressed as an answer: InResponseTo added to the Response, outside the assertion's signature.
    const { requestId } = buildAuthnRequest(connection, 'attempt-9');
    const dressed = setResponseAttribute(idp.response({ sp: connection.sp, inResponseTo: null }), 'InResponseTo', requestId);
    expect(await refusal(validate(connection, dressed, requestId))).toBe('in-response-to-mismatch');
  });

  it('takes each assertion once: the same response again is refused as replayed', async () => {
    const { requestId } = buildAuthnRequest(connection, 'attempt-7');
    const response = idp.response({ sp: connection.sp, inResponseTo: requestId });
    await validate(connection, response, requestId);
    expect(await refusal(validate(connection, response, requestId))).toBe('replayed');
    // A refused response does not spend its assertion id.
    const assertionId = '_spent-only-when-accepted';
    expect(await refusal(validate(other, idp.response({ sp: connection.sp, inResponseTo: requestId, assertionId }), requestId))).toBe('wrong-audience');
    expect(await validate(connection, idp.response({ sp: connection.sp, inResponseTo: requestId, assertionId }), requestId)).toMatchObject({ assertionId });
  });

  it('signs in once when the same response arrives 100 times at once', async () => {
    const { requestId } = buildAuthnRequest(connection, 'attempt-8');
    const response = idp.response({ sp: connection.sp, inResponseTo: requestId, nameId: 'race@example.test' });
    const outcomes = await Promise.all(Array.from({ length: 100 }, () => validate(connection, response, requestId).then((identity) => identity.subject, (error: SamlError) => error.reason)));
    expect(outcomes.filter((o) => o === 'race@example.test')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'replayed')).toHaveLength(99);
  }, 120_000);

  it('the stand-in over HTTP: serves its metadata and answers an AuthnRequest with a form POSTing a signed response to the ACS', async () => {
    const running = await startStandInIdp();
    try {
      const fetched = await fetchIdpMetadata(running.metadataUrl);
      expect(fetched.ok).toBe(true);
      if (!fetched.ok) return;
      expect(fetched.xml).toBe(running.metadataXml);
      const viaHttp = samlConnection(PUBLIC_URL, 'conn-http', SamlConnectionConfigSchema.parse({ idpMetadataXml: fetched.xml, idpMetadataUrl: running.metadataUrl }));
      running.setUser({ nameId: 'linus@example.test', attributes: { mail: 'linus@example.test' } });
      const request = buildAuthnRequest(viaHttp, 'attempt-http');
      const page = await fetch(request.url);
      const form = new JSDOM(await page.text()).window.document.forms[0]!;
      expect(form.action).toBe(viaHttp.sp.acsUrl);
      expect((form.elements.namedItem('RelayState') as HTMLInputElement).value).toBe('attempt-http');
      const samlResponse = (form.elements.namedItem('SAMLResponse') as HTMLInputElement).value;
      expect(await validate(viaHttp, samlResponse, request.requestId)).toMatchObject({ subject: 'linus@example.test', email: 'linus@example.test', inResponseTo: request.requestId });
    } finally {
      await running.close();
    }
  });
});

describe('fetching IdP metadata', () => {
  it('fetches https only (http on loopback), refuses error statuses and more than 1 MB', async () => {
    expect(await fetchIdpMetadata('http://idp.example.test/metadata')).toMatchObject({ ok: false, problem: { code: 'bad-url' } });
    expect(await fetchIdpMetadata('ftp://127.0.0.1/metadata')).toMatchObject({ ok: false, problem: { code: 'bad-url' } });
    const server = createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
      if (req.url === '/big') res.writeHead(200, { 'content-type': 'text/xml' }).end('<x>'.padEnd(1_100_000, ' ') + '</x>');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      expect(await fetchIdpMetadata(`${base}/missing`)).toMatchObject({ ok: false, problem: { code: 'http-status' } });
      expect(await fetchIdpMetadata(`${base}/big`)).toMatchObject({ ok: false, problem: { code: 'too-large' } });
      expect(await fetchIdpMetadata(`${base}/slow`, { timeoutMs: 300 })).toMatchObject({ ok: false, problem: { code: 'unreachable' } });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describeEngines('saml_assertions: single use', (engine) => {
  let store: TestStore;
  let database: Database;
  beforeAll(async () => {
    store = await createStore(engine);
    database = await openStore(store);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await store?.dispose();
  });

  it('of 100 parallel claims of one assertion id exactly one wins; the id is per connection; expired rows are swept', async () => {
    const until = new Date(Date.now() + 60_000);
    const claims = await Promise.all(Array.from({ length: 100 }, () => claimAssertion(database.db, 'conn-race', '_assertion-1', until)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimAssertion(database.db, 'conn-other', '_assertion-1', until)).toBe(true);
    expect(await claimAssertion(database.db, 'conn-race', '_old', new Date(Date.now() - 1000))).toBe(true);
    // The next claim sweeps the expired row: its id could be claimed again (it would be refused as expired first).
    expect(await claimAssertion(database.db, 'conn-race', '_assertion-2', until)).toBe(true);
    expect(await claimAssertion(database.db, 'conn-race', '_old', until)).toBe(true);
  });
});

/** An SP entity for samlify to read a request with (the request names its own SP; unsigned, nothing is checked against this). */
function makeAnySp() {
  return samlify.ServiceProvider({ entityID: 'urn:test:any-sp', assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: 'https://any.test/acs' }] });
}
