import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { memberships, users } from '../../src/server/db/schema';
import { SSO_MESSAGES } from '../../src/server/sso/sso-sign-in';
import type { SsoConnection } from '../../src/shared/protocol/sso-schemas';
import { startDnsServer } from '../dns-server';
import { EMAIL_FORMAT, startStandInIdp, wrapAssertion, type RunningStandInIdp } from '../saml/stand-in-idp';
import { adminSeed, auditOf, person, signedIn } from './fixtures/admin-seed';
import { describeEngines, startTestServer, type TestServer } from './harness';

// A company's own SAML 2.0 provider (issue 25): the stand-in identity provider (samlify's IdP side, tests/saml) plays
// Acme's directory. The admin adds it from its metadata, tests it, turns it on; a person signs in through it
// SP-initiated and joins Acme; a replayed response and a signature-wrapped one are refused and audited.

const DOMAIN = 'acme-saml.test';
const dns = await startDnsServer();
afterAll(() => dns.close());

/** The fields of the stand-in's auto-submitting form, as a browser would POST them. */
const formFields = (html: string) => {
  const value = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))) ?? '';
  return { SAMLResponse: value('SAMLResponse'), RelayState: value('RelayState') };
};

describeEngines("company sign-in through the organization's own SAML provider", (engine) => {
  let idp: RunningStandInIdp;
  let app: TestServer;
  let connection: SsoConnection;

  beforeAll(async () => {
    idp = await startStandInIdp();
    // The ACS URL is built from PUBLIC_URL: a port chosen up front.
    // Below the kernel's ephemeral range (32768 and up), where a connection of another suite may hold any port.
    const port = 20000 + Math.floor(Math.random() * 12000);
    app = await startTestServer({
      engine,
      seed: adminSeed({ users: [person(`ada.admin@${DOMAIN}`, [{ orgId: 'acme', role: 'admin' }])] }),
      env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DNS_SERVERS: dns.address },
    });
  });
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });
  const db = () => app.server.database.db;
  const post = (acsUrl: string, fields: { SAMLResponse: string; RelayState: string }) =>
    fetch(acsUrl, { method: 'POST', redirect: 'manual', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  /** The provider's answer to a start (`/{orgId}/sso` or a test's URL): its form's fields. */
  const atProvider = async (providerUrl: string) => formFields(await (await fetch(providerUrl)).text());

  it('is added from its metadata, publishes the portal metadata, and tests with the mapped claims', async () => {
    const ada = await signedIn(app, `ada.admin@${DOMAIN}`);
    expect(await ada.emit('createSsoConnection', { orgId: 'acme', kind: 'saml', name: 'Bad', saml: { metadataXml: '<not-metadata/>' } })).toMatchObject({ code: 400, data: { fields: ['saml.metadataXml'] } });
    ({ connection } = await ada.call('createSsoConnection', { orgId: 'acme', kind: 'saml', name: 'Acme SAML', defaultProducts: ['hrms'], saml: { metadataUrl: idp.metadataUrl } }));
    expect(connection.saml).toMatchObject({ idpEntityId: idp.idp.entityId, acsUrl: `${app.url}/sso/saml/${connection.id}/acs`, allowIdpInitiated: false });
    const metadata = await fetch(connection.saml!.spMetadataUrl);
    expect(metadata.headers.get('content-type')).toMatch(/samlmetadata\+xml/);
    expect(await metadata.text()).toContain(connection.saml!.acsUrl);

    const { domain } = await ada.call('claimDomain', { orgId: 'acme', domain: DOMAIN });
    dns.txt.set(domain.record.name, [domain.record.value]);
    await ada.call('verifyDomain', { orgId: 'acme', domain: DOMAIN });
    idp.setUser({ nameId: `sam.saml@${DOMAIN}`, attributes: { givenName: 'Sam', surname: 'Saml', groups: ['hr', 'staff'] } });
    const { url } = await ada.call('startSsoTest', { orgId: 'acme', connectionId: connection.id });
    const back = await post(connection.saml!.acsUrl, await atProvider(url));
    expect(back.status).toBe(303);
    const handoff = /#sso-test=(.+)$/.exec(back.headers.get('location')!)![1]!;
    expect((await ada.call('getSsoTestResult', { orgId: 'acme', handoff })).result).toMatchObject({ email: `sam.saml@${DOMAIN}`, givenName: 'Sam', familyName: 'Saml', groups: ['hr', 'staff'], problem: null });
    expect((await ada.call('updateSsoConnection', { orgId: 'acme', connectionId: connection.id, enabled: true })).connection.enabled).toBe(true);
  });

  it('signs a person in SP-initiated and makes them a member; the same response again is refused', async () => {
    idp.setUser({ nameId: `nia.new@${DOMAIN}`, attributes: { givenName: 'Nia', surname: 'New' } });
    const start = await fetch(`${app.url}/acme/sso`, { redirect: 'manual' });
    const cookie = start.headers.getSetCookie().find((line) => line.startsWith('portal_sso='))!.split(';')[0]!;
    const fields = await atProvider(start.headers.get('location')!);
    const back = await post(connection.saml!.acsUrl, fields);
    const handoff = /^\/sso\/complete#handoff=(.+)$/.exec(back.headers.get('location')!)![1]!;
    const reply = await (await app.connect({}, { cookie })).call('ssoLogin', { handoff });
    expect(reply.token).toEqual(expect.any(String));
    const [account] = await db().select().from(users).where(eq(users.email, `nia.new@${DOMAIN}`));
    expect(await db().select({ role: memberships.role, productAccess: memberships.productAccess }).from(memberships).where(eq(memberships.userId, account!.id))).toEqual([{ role: 'member', productAccess: ['hrms'] }]);

    // Replayed as it was (its sign-in is used), and under a fresh sign-in's RelayState (it answers another request).
    const replayed = await post(connection.saml!.acsUrl, fields);
    expect(replayed.status).toBe(403);
    const fresh = await fetch(`${app.url}/acme/sso`, { redirect: 'manual' });
    const freshState = new URL(fresh.headers.get('location')!).searchParams.get('RelayState')!;
    expect((await post(connection.saml!.acsUrl, { SAMLResponse: fields.SAMLResponse, RelayState: freshState })).status).toBe(403);
  });

  it('refuses a signature-wrapped response (another person put beside the signed assertion) and an unsolicited one; each audited', async () => {
    idp.setUser({ nameId: `wes.wrapped@${DOMAIN}` });
    const start = await fetch(`${app.url}/acme/sso`, { redirect: 'manual' });
    const fields = await atProvider(start.headers.get('location')!);
    const wrapped = await post(connection.saml!.acsUrl, { SAMLResponse: wrapAssertion(fields.SAMLResponse, `ada.admin@${DOMAIN}`), RelayState: fields.RelayState });
    expect(wrapped.status).toBe(403);
    expect(await wrapped.text()).toContain(SSO_MESSAGES.refused.replace(/'/g, '&#39;'));
    const unsolicited = idp.idp.response({ sp: { entityId: connection.saml!.spEntityId, acsUrl: connection.saml!.acsUrl }, nameId: `ada.admin@${DOMAIN}`, nameIdFormat: EMAIL_FORMAT });
    expect((await post(connection.saml!.acsUrl, { SAMLResponse: unsolicited, RelayState: '' })).status).toBe(403);
    expect(await db().select().from(users).where(eq(users.email, `wes.wrapped@${DOMAIN}`))).toEqual([]);
    const ada = await signedIn(app, `ada.admin@${DOMAIN}`);
    const refusals = (await auditOf(ada, 'acme')).filter((entry) => entry.kind === 'sso-sign-in-refused').map((entry) => entry.detail);
    expect(refusals).toEqual(expect.arrayContaining(['SAML response refused: bad-signature', 'SAML response refused: unsolicited']));
  });
});
