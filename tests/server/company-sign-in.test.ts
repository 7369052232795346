import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { memberships, organizations, ssoLinks, users } from '../../src/server/db/schema';
import { SSO_MESSAGES } from '../../src/server/sso/sso-sign-in';
import type { SsoConnection } from '../../src/shared/protocol/sso-schemas';
import { startDnsServer } from '../dns-server';
import { startEntraStandIn, type DirectoryUser, type EntraStandIn } from '../oidc/entra-stand-in';
import { walkToCallback } from '../oidc/provider-walk';
import { makeTestCertificates, TEST_CA_DIR } from '../oidc/test-ca';
import { adminSeed, auditOf, CONSOLE_PASSWORD, person, signedIn } from './fixtures/admin-seed';
import { describeEngines, signIn, startTestServer, resetLimits, type TestServer } from './harness';

// A company's own OpenID provider (issue 25): an oidc-provider started here plays Acme's directory. The admin adds
// the connection, verifies acme-sso.test by DNS (a dns2 server), tests it, turns it on and requires it; people of that
// domain are sent to it from /login, signed in (a first one joins Acme just in time) and refused their password.

const DOMAIN = 'acme-sso.test';
const PEOPLE = {
  newcomer: { id: 'okta-newcomer', email: `nia.newcomer@${DOMAIN}`, emailVerified: false, name: 'Nia' },
  member: { id: 'okta-member', email: `mo.member@${DOMAIN}`, emailVerified: true, name: 'Mo' },
  admin: { id: 'okta-admin', email: `ada.admin@${DOMAIN}`, emailVerified: true, name: 'Ada' },
  racer: { id: 'okta-racer', email: `rae.racer@${DOMAIN}`, emailVerified: true, name: 'Rae' },
  outsider: { id: 'okta-outsider', email: 'otto@elsewhere.test', emailVerified: true, name: 'Otto' },
} satisfies Record<string, DirectoryUser>;

const certificates = makeTestCertificates(TEST_CA_DIR);
const dns = await startDnsServer();
afterAll(() => dns.close());

describeEngines("company sign-in through the organization's own OpenID provider", (engine) => {
  let provider: EntraStandIn;
  let app: TestServer;
  let portal: string;
  let connection: SsoConnection;

  beforeAll(async () => {
    // Below the kernel's ephemeral range (32768 and up), where a connection of another suite may hold any port.
    const port = 20000 + Math.floor(Math.random() * 12000);
    portal = `http://127.0.0.1:${port}`;
    provider = await startEntraStandIn({ certificates, redirectUris: [`${portal}/sso/oidc/callback`], users: Object.values(PEOPLE) });
    app = await startTestServer({
      engine,
      seed: adminSeed({ users: [person(PEOPLE.admin.email, [{ orgId: 'acme', role: 'admin' }]), person(PEOPLE.member.email, [{ orgId: 'acme', role: 'member', productAccess: ['hrms'] }])] }),
      env: { PORT: String(port), PUBLIC_URL: portal, DNS_SERVERS: dns.address },
    });
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });
  const db = () => app.server.database.db;

  /** The provider's answer for `email`, as the browser brings it back to the portal: the callback's redirect. */
  const providerAnswer = async (start: string, email: string, mfa = false) => {
    const query = await walkToCallback(start, { email, mfa, callbackPath: '/sso/oidc/callback' });
    return fetch(`${portal}/sso/oidc/callback?${query}`, { redirect: 'manual' });
  };
  /** A browser's walk from /{orgId}/sso to the portal page that finishes it: the hand-off and the `portal_sso` cookie. */
  const browserSignIn = async (email: string, mfa = false) => {
    const start = await fetch(`${portal}/acme/sso?login_hint=${encodeURIComponent(email)}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const cookie = start.headers.getSetCookie().find((line) => line.startsWith('portal_sso='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    const back = await providerAnswer(start.headers.get('location')!, email, mfa);
    expect(back.status).toBe(303);
    const handoff = /^\/sso\/complete#handoff=([A-Za-z0-9_-]{43})$/.exec(back.headers.get('location') ?? '')?.[1];
    expect(handoff, back.headers.get('location') ?? '').toBeDefined();
    return { handoff: handoff!, cookie: cookie.split(';')[0]! };
  };

  it('is set up by the admin: added off, tested with the mapped claims, then turned on and required', async () => {
    const ada = await signedIn(app, PEOPLE.admin.email);
    const added = await ada.call('createSsoConnection', {
      orgId: 'acme',
      kind: 'oidc',
      name: 'Acme Okta',
      defaultRole: 'member',
      defaultProducts: ['hrms', 'chat'],
      oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, claims: { email: 'email', givenName: 'name', familyName: 'family_name', groups: '' } },
    });
    connection = added.connection;
    expect(connection).toMatchObject({ kind: 'oidc', enabled: false, enforced: false, testedAt: null, oidc: { redirectUri: `${portal}/sso/oidc/callback`, clientId: provider.clientId }, startUrl: `${portal}/acme/sso` });
    expect(JSON.stringify(await ada.call('getSsoConnections', { orgId: 'acme' }))).not.toContain(provider.clientSecret);
    expect(await ada.emit('updateSsoConnection', { orgId: 'acme', connectionId: connection.id, enabled: true })).toMatchObject({
      code: 409,
      error: 'Run "Test sign-in" successfully before turning this connection on.',
    });

    // A test before the domain is verified shows the claims and why its people cannot sign in yet.
    const test = async () => {
      const { url } = await ada.call('startSsoTest', { orgId: 'acme', connectionId: connection.id });
      const back = await providerAnswer(url, PEOPLE.newcomer.email);
      expect(back.status).toBe(303);
      const handoff = /^\/admin\/acme\/sign-in#sso-test=(.+)$/.exec(back.headers.get('location')!)![1]!;
      return (await ada.call('getSsoTestResult', { orgId: 'acme', handoff })).result;
    };
    expect(await test()).toEqual({
      connectionId: connection.id,
      subject: PEOPLE.newcomer.id,
      email: PEOPLE.newcomer.email,
      givenName: 'Nia',
      familyName: null,
      groups: [],
      multiFactor: false,
      problem: `${DOMAIN} is not a verified domain of Acme Console: verify it below before people with this address can sign in.`,
    });
    const { domain } = await ada.call('claimDomain', { orgId: 'acme', domain: DOMAIN });
    dns.txt.set(domain.record.name, [domain.record.value]);
    await ada.call('verifyDomain', { orgId: 'acme', domain: DOMAIN });
    expect((await test()).problem).toBeNull();

    const on = await ada.call('updateSsoConnection', { orgId: 'acme', connectionId: connection.id, enabled: true, enforced: true });
    expect(on.connection).toMatchObject({ enabled: true, enforced: true, testedAt: expect.any(String) });
    expect((await auditOf(ada, 'acme')).filter((entry) => entry.kind.startsWith('sso-'))).toEqual([
      expect.objectContaining({ kind: 'sso-connection-changed', detail: 'turned on; required for verified-domain addresses' }),
      expect.objectContaining({ kind: 'sso-connection-added', detail: `OpenID Connect, ${provider.issuer}` }),
    ]);
  });

  it("sends an address of the verified domain to the company's sign-in, and tells nothing about other addresses", async () => {
    const anyone = await app.connect();
    expect(await anyone.call('discoverSignIn', { identifier: 'Whoever.Else@ACME-SSO.test' })).toEqual({
      sso: { company: 'Acme Console', url: `/acme/sso?connection=${connection.id}&login_hint=whoever.else%40acme-sso.test` },
    });
    for (const identifier of ['nobody@unknown.test', 'ada.admin', 'nobody@alpha.test', '']) {
      expect(await anyone.call('discoverSignIn', { identifier }), identifier).toEqual({ sso: null });
    }
  });

  it('signs a first-time person in, making the account and the membership just in time; a later sign-in finds the link', async () => {
    const { handoff, cookie } = await browserSignIn(PEOPLE.newcomer.email);
    const page = await app.connect({}, { cookie });
    const reply = await page.call('ssoLogin', { handoff, platform: 'web' });
    expect(reply).toMatchObject({ token: expect.any(String), email: PEOPLE.newcomer.email });
    const signedInPage = await app.connect({ token: reply.token! });
    expect(await signedInPage.call('authenticate', { token: reply.token! })).toMatchObject({ email: PEOPLE.newcomer.email, firstName: 'Nia', activeOrgId: 'acme', isAdmin: false, productAccess: ['hrms', 'chat'] });
    const [account] = await db().select().from(users).where(eq(users.email, PEOPLE.newcomer.email));
    expect(account).toMatchObject({ verified: true, passwordChosen: false });
    expect(await db().select({ role: memberships.role }).from(memberships).where(eq(memberships.userId, account!.id))).toEqual([{ role: 'member' }]);

    // The hand-off works once, and only with the cookie of the browser that started the sign-in.
    expect(await page.emit('ssoLogin', { handoff })).toMatchObject({ code: 403, error: SSO_MESSAGES.expired });
    const again = await browserSignIn(PEOPLE.newcomer.email);
    const otherBrowser = await app.connect();
    expect(await otherBrowser.emit('ssoLogin', { handoff: again.handoff })).toMatchObject({ code: 403, error: SSO_MESSAGES.expired });
    const ada = await signedIn(app, PEOPLE.admin.email);
    expect((await auditOf(ada, 'acme')).find((entry) => entry.kind === 'sso-member-joined')).toMatchObject({ actor: 'sign-in connection Acme Okta', member: PEOPLE.newcomer.email });
    expect(await db().select().from(ssoLinks).where(eq(ssoLinks.subject, PEOPLE.newcomer.id))).toHaveLength(1);
  });

  it("refuses the password of a member whose company requires its sign-in, naming it; the company's admin keeps theirs", async () => {
    const member = await app.connect();
    expect(await member.emit('login', { identifier: PEOPLE.member.email, password: CONSOLE_PASSWORD, platform: 'web' })).toMatchObject({
      code: 403,
      error: 'Acme Console requires you to sign in with your company account. Use "Continue with Acme Console sign-in".',
    });
    // A wrong password is refused as any wrong password is: the rule speaks only after the password was right.
    expect(await member.emit('login', { identifier: PEOPLE.member.email, password: 'Wrong#Pass1234', platform: 'web' })).toMatchObject({ code: 403, error: expect.not.stringContaining('Acme') });
    expect(await signIn(app, PEOPLE.admin.email, CONSOLE_PASSWORD)).toEqual(expect.any(String));
    // Their company account signs them in, with their membership as it was.
    const { handoff, cookie } = await browserSignIn(PEOPLE.member.email, true);
    const reply = await (await app.connect({}, { cookie })).call('ssoLogin', { handoff });
    expect(reply.token).toEqual(expect.any(String));
  });

  it('refuses the company sign-in of someone the directory deactivated by SCIM', async () => {
    const ada = await signedIn(app, PEOPLE.admin.email);
    const { token } = await ada.call('issueScimToken', { orgId: 'acme' });
    const scim = (method: string, path: string, body: unknown) =>
      fetch(`${portal}/scim/v2/acme${path}`, { method, body: JSON.stringify(body), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' } });
    const created = await scim('POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: PEOPLE.member.email, active: true, emails: [{ value: PEOPLE.member.email, type: 'work', primary: true }] });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const patched = await scim('PATCH', `/Users/${id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(patched.status).toBe(200);
    const { handoff, cookie } = await browserSignIn(PEOPLE.member.email);
    expect(await (await app.connect({}, { cookie })).emit('ssoLogin', { handoff })).toMatchObject({ code: 403, error: SSO_MESSAGES.deactivated });
  });

  it("hands a desktop app's sign-in back to its loopback listener, redeemed only with the app's PKCE verifier", async () => {
    const codeVerifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const query = new URLSearchParams({ login_hint: PEOPLE.newcomer.email, loopback: '45679', state: 'app-state-0123456789', code_challenge: challenge, code_challenge_method: 'S256' });
    const start = await fetch(`${portal}/acme/sso?${query}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    expect(start.headers.getSetCookie().some((line) => line.startsWith('portal_sso='))).toBe(false);
    const back = await providerAnswer(start.headers.get('location')!, PEOPLE.newcomer.email);
    const loopback = new URL(back.headers.get('location')!);
    expect(loopback.origin + loopback.pathname).toBe('http://127.0.0.1:45679/sso/callback');
    expect(loopback.searchParams.get('state')).toBe('app-state-0123456789');
    const handoff = loopback.searchParams.get('handoff')!;
    const app_ = await app.connect();
    expect(await app_.emit('ssoLogin', { handoff, codeVerifier: randomBytes(32).toString('base64url') })).toMatchObject({ code: 403, error: SSO_MESSAGES.expired });
    expect((await app_.call('ssoLogin', { handoff, codeVerifier, platform: 'desktop' })).token).toEqual(expect.any(String));
    // A start with only part of the app's parameters is not one.
    expect((await fetch(`${portal}/acme/sso?loopback=45679`, { redirect: 'manual' })).status).toBe(400);
  });

  it("refuses an address outside the company's verified domains, and an answer naming another issuer; both audited", async () => {
    const { handoff, cookie } = await browserSignIn(PEOPLE.outsider.email);
    expect(await (await app.connect({}, { cookie })).emit('ssoLogin', { handoff })).toMatchObject({ code: 403, error: SSO_MESSAGES['unverified-domain'] });
    expect(await db().select().from(users).where(eq(users.email, PEOPLE.outsider.email))).toEqual([]);

    const start = await fetch(`${portal}/acme/sso`, { redirect: 'manual' });
    const query = await walkToCallback(start.headers.get('location')!, { email: PEOPLE.member.email, callbackPath: '/sso/oidc/callback' });
    query.set('iss', 'https://idp.attacker.test');
    const forged = await fetch(`${portal}/sso/oidc/callback?${query}`, { redirect: 'manual' });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain(SSO_MESSAGES.refused.replace(/'/g, '&#39;'));
    const ada = await signedIn(app, PEOPLE.admin.email);
    const refusals = (await auditOf(ada, 'acme')).filter((entry) => entry.kind === 'sso-sign-in-refused').map((entry) => entry.detail);
    expect(refusals).toEqual([expect.stringMatching(/^ID token refused/), 'unverified-domain', 'deactivated']);
  });

  it("lets at most 100 company sign-ins start from one address in a quarter hour, however many arrive at once", async () => {
    await resetLimits(app);
    const starts = await Promise.all(Array.from({ length: 120 }, () => fetch(`${portal}/acme/sso`, { redirect: 'manual' })));
    const statuses = starts.map((start) => start.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const refused = starts.find((start) => start.status === 429)!;
    expect(await refused.text()).toContain('Too many attempts. Try again in 15 minutes.');
    await resetLimits(app);
  });

  it('gives a hundred racing redemptions of one hand-off exactly one session and one account', async () => {
    const { handoff, cookie } = await browserSignIn(PEOPLE.racer.email);
    // The address's ssoSignIn budget (100 in 15 minutes) is full again: every refusal below is the single use's.
    await resetLimits(app);
    const pages = await Promise.all(Array.from({ length: 10 }, () => app.connect({}, { cookie })));
    const replies = await Promise.all(Array.from({ length: 100 }, (_, index) => pages[index % pages.length]!.emit('ssoLogin', { handoff })));
    expect(replies.filter((reply) => reply.code === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.code === 403 && reply.error === SSO_MESSAGES.expired)).toHaveLength(99);
    expect(await db().select().from(users).where(eq(users.email, PEOPLE.racer.email))).toHaveLength(1);
  });

  it("counts the provider's own second factor (amr with mfa) where the company requires one; without it, asks for the portal's", async () => {
    await resetLimits(app);
    await db().update(organizations).set({ mfaEmail: true }).where(eq(organizations.orgId, 'acme'));
    const withoutMfa = await browserSignIn(PEOPLE.newcomer.email, false);
    const asked = await (await app.connect({}, { cookie: withoutMfa.cookie })).call('ssoLogin', { handoff: withoutMfa.handoff });
    expect(asked).toMatchObject({ ticket: expect.any(String) });
    expect(asked.token).toBeUndefined();
    const withMfa = await browserSignIn(PEOPLE.newcomer.email, true);
    expect((await (await app.connect({}, { cookie: withMfa.cookie })).call('ssoLogin', { handoff: withMfa.handoff })).token).toEqual(expect.any(String));
  });
});
