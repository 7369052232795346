import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { SESSION_ENDED_EVENT } from '../../src/shared/protocol';
import { startDnsServer } from '../dns-server';
import { adminSeed, auditOf, person, signedIn } from './fixtures/admin-seed';
import { describeEngines, useTestServer, resetLimits, type TestClient } from './harness';
import { busyHttpReply, whenAdmitted } from './attack';

// SCIM 2.0 provisioning (issue 25): an organization's directory (Okta, Entra) creates, finds, changes and removes its
// people over /scim/v2/{orgId} with the bearer token its admin issued in the console. The requests below are the shapes
// Okta's and Entra's SCIM clients send (their SCIM documentation), byte for byte where it matters: Okta's
// `{"op":"replace","value":{"active":false}}`, Entra's `"op":"Replace","path":"active","value":"False"`.

const dns = await startDnsServer();
afterAll(() => dns.close());

const ADA = 'ada.admin@acme.test';
const REX = 'rex.rival@rival.test';
const seed = adminSeed({
  users: [
    person(ADA, [{ orgId: 'acme', role: 'admin' }]),
    person(REX, [{ orgId: 'rival', role: 'admin' }]),
    // Accounts that exist before the directory knows them: one of acme's verified domain, one of another company's.
    person('lea.live@acme.example', []),
    person('olga.other@elsewhere.test', []),
  ],
});

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

// A SCIM body is read as the directory reads it: any JSON, checked by the assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ScimReply = { status: number; type: string | null; location: string | null; body: Record<string, any> | null };

/** What Okta sends to create a user (Okta's SCIM 2.0 guide: "Create the user"). */
const oktaUser = (email: string, given = 'Test', family = 'User') => ({
  schemas: [USER_SCHEMA],
  userName: email,
  name: { givenName: given, familyName: family },
  emails: [{ primary: true, value: email, type: 'work' }],
  displayName: `${given} ${family}`,
  locale: 'en-US',
  externalId: `00u${Math.random().toString(36).slice(2, 12)}`,
  groups: [],
  password: '1mz050nq',
  active: true,
});

/** What Entra sends to create a user (Microsoft's SCIM guide: "Create User"): a userName that need not be an email. */
const entraUser = (userName: string, email: string) => ({
  schemas: [USER_SCHEMA, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
  externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
  userName,
  active: true,
  emails: [{ primary: true, type: 'work', value: email }],
  meta: { resourceType: 'User' },
  name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
  roles: [],
});

describeEngines('SCIM 2.0 provisioning', (engine) => {
  const app = useTestServer(engine, seed, () => ({ DNS_SERVERS: dns.address }));
  const db = () => app().server.database.db;
  let ada: TestClient;
  let token: string;

  /** A SCIM request as a directory sends it: its token, application/scim+json. */
  const scim = async (method: string, path: string, body?: unknown, bearer: string | null = token, orgId = 'acme'): Promise<ScimReply> => {
    const response = await fetch(`${app().url}/scim/v2/${orgId}${path}`, {
      method,
      headers: { accept: 'application/scim+json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/scim+json; charset=utf-8' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, type: response.headers.get('content-type'), location: response.headers.get('location'), body: text ? JSON.parse(text) : null };
  };
  const filterUsers = (filter: string, paging = '') => scim('GET', `/Users?filter=${encodeURIComponent(filter)}${paging}`);
  const productsOf = async (email: string) => {
    const { list } = await ada.call('getOrganizationMembers', { orgId: 'acme', search: email });
    return list.find((member) => member.email === email)?.productAccess ?? null;
  };

  beforeAll(async () => {
    ada = await signedIn(app(), ADA);
    // acme verifies acme.example in the console (the DNS check against the test's server).
    const { domain } = await ada.call('claimDomain', { orgId: 'acme', domain: 'acme.example' });
    dns.txt.set(domain.record.name, [domain.record.value]);
    await ada.call('verifyDomain', { orgId: 'acme', domain: 'acme.example' });
    token = (await ada.call('issueScimToken', { orgId: 'acme' })).token;
  });
  beforeEach(async () => {
    await resetLimits(app());
  });

  it('issues a token shown once (stored as a fingerprint), rotates it (the old one stops at once) and revokes it', async () => {
    const rex = await signedIn(app(), REX);
    expect(await rex.call('getScimSettings', { orgId: 'rival' })).toEqual({ baseUrl: `${app().server.services.config.publicUrl}/scim/v2/rival`, token: null });
    const first = await rex.call('issueScimToken', { orgId: 'rival' });
    expect(first.token).toMatch(/^spscim_[A-Za-z0-9_-]{43}$/);
    expect(first.settings.token).toEqual({ hint: first.token.slice(-4), createdAt: expect.any(String), createdBy: 'Rex Rival (rex.rival@rival.test)', lastUsedAt: null });
    expect(JSON.stringify(await rex.call('getScimSettings', { orgId: 'rival' }))).not.toContain(first.token);

    const config = await scim('GET', '/ServiceProviderConfig', undefined, first.token, 'rival');
    expect(config).toMatchObject({ status: 200, type: expect.stringMatching(/^application\/scim\+json/), body: { patch: { supported: true }, filter: { supported: true } } });
    expect((await scim('GET', '/ResourceTypes', undefined, first.token, 'rival')).body).toEqual([expect.objectContaining({ id: 'User', endpoint: '/Users' }), expect.objectContaining({ id: 'Group', endpoint: '/Groups' })]);
    expect((await rex.call('getScimSettings', { orgId: 'rival' })).token?.lastUsedAt).toEqual(expect.any(String));

    const second = await rex.call('issueScimToken', { orgId: 'rival' });
    expect((await scim('GET', '/Users', undefined, first.token, 'rival')).status).toBe(401);
    expect((await scim('GET', '/Users', undefined, second.token, 'rival')).status).toBe(200);
    await expect(rex.call('revokeScimToken', { orgId: 'rival' })).resolves.toEqual({ success: true });
    expect(await scim('GET', '/Users', undefined, second.token, 'rival')).toMatchObject({ status: 401, body: { schemas: [ERROR_SCHEMA], status: '401' } });
    expect(await rex.emit('revokeScimToken', { orgId: 'rival' })).toMatchObject({ code: 404 });
    // Another organization's admin cannot read or issue acme's.
    expect(await rex.emit('issueScimToken', { orgId: 'acme' })).toMatchObject({ code: 403 });
    expect((await auditOf(rex, 'rival')).filter((entry) => entry.kind.startsWith('scim-token')).map((entry) => entry.kind)).toEqual(['scim-token-revoked', 'scim-token-issued', 'scim-token-issued']);
  });

  it("refuses another organization's token, no token and a malformed filter in the RFC's error schema", async () => {
    const rex = await signedIn(app(), REX);
    const rivalToken = (await rex.call('issueScimToken', { orgId: 'rival' })).token;
    const refused = await scim('GET', '/Users', undefined, rivalToken, 'acme');
    expect(refused).toMatchObject({ status: 401, type: expect.stringMatching(/^application\/scim\+json/), body: { schemas: [ERROR_SCHEMA], status: '401', detail: expect.any(String) } });
    expect((await scim('POST', '/Users', oktaUser('sneak@acme.example'), rivalToken, 'acme')).status).toBe(401);
    expect((await scim('GET', '/Users', undefined, null)).status).toBe(401);
    expect((await auditOf(ada, 'acme')).filter((entry) => entry.kind === 'scim-refused')[0]).toMatchObject({ actor: 'SCIM client without a valid token', detail: expect.stringContaining("another organization's token") });
    expect(await db().select().from(users).where(eq(users.email, 'sneak@acme.example'))).toEqual([]);

    for (const filter of ['userName eq', 'userName eq "a" and (', 'nickName eq "x"', 'userName co "a"']) {
      expect(await filterUsers(filter), filter).toMatchObject({ status: 400, body: { schemas: [ERROR_SCHEMA], status: '400', scimType: 'invalidFilter' } });
    }
    expect(await scim('GET', '/Nothing')).toMatchObject({ status: 404, body: { schemas: [ERROR_SCHEMA], status: '404' } });
    expect(await scim('POST', '/Users', '{not json')).toMatchObject({ status: 400, body: { scimType: 'invalidSyntax' } });
  });

  it("creates Okta's user (a verified account without a password, a member of acme) and finds it by each filter", async () => {
    const email = 'tess.okta@acme.example';
    expect((await filterUsers(`userName eq "${email}"`, '&startIndex=1&count=100')).body).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
    const body = oktaUser(email, 'Tess', 'Okta');
    const created = await scim('POST', '/Users', body);
    expect(created).toMatchObject({
      status: 201,
      body: { schemas: [USER_SCHEMA], id: expect.any(String), userName: email, externalId: body.externalId, active: true, name: { givenName: 'Tess', familyName: 'Okta' }, emails: [{ value: email, type: 'work', primary: true }] },
    });
    const id = created.body!.id as string;
    expect(created.location).toBe(`${app().server.services.config.publicUrl}/scim/v2/acme/Users/${id}`);
    const [account] = await db().select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ verified: true, passwordChosen: false, firstName: 'Tess', lastName: 'Okta' });
    expect(await productsOf(email)).toEqual([]);

    for (const filter of [`userName eq "${email.toUpperCase()}"`, `emails[type eq "work"].value eq "${email}"`, `externalId eq "${body.externalId}"`, `id eq "${id}"`]) {
      expect((await filterUsers(filter)).body, filter).toMatchObject({ totalResults: 1, Resources: [{ id, userName: email }] });
    }
    expect((await filterUsers(`emails[type eq "home"].value eq "${email}"`)).body).toMatchObject({ totalResults: 0 });
    expect((await scim('GET', `/Users/${id}`)).body).toMatchObject({ id, meta: { resourceType: 'User', location: `${app().server.services.config.publicUrl}/scim/v2/acme/Users/${id}` } });
    expect(await scim('POST', '/Users', body)).toMatchObject({ status: 409, body: { scimType: 'uniqueness' } });
    // Paging: a second user, one a page.
    await scim('POST', '/Users', oktaUser('uma.okta@acme.example'));
    expect((await scim('GET', '/Users?startIndex=2&count=1')).body).toMatchObject({ startIndex: 2, itemsPerPage: 1, totalResults: expect.any(Number) });

    // Entra's create: the userName is not an address; the work email is the account's.
    const entra = await scim('POST', '/Users', entraUser('Test_User_ab6490ee', 'vic.entra@acme.example'));
    expect(entra).toMatchObject({ status: 201, body: { userName: 'Test_User_ab6490ee', emails: [{ value: 'vic.entra@acme.example' }] } });
    expect((await filterUsers('userName eq "Test_User_ab6490ee"')).body).toMatchObject({ totalResults: 1 });
    // Entra's PATCH of the email and family name.
    const patched = await scim('PATCH', `/Users/${entra.body!.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'vic.renamed@acme.example' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'IT' },
      ],
    });
    expect(patched).toMatchObject({ status: 200, body: { emails: [{ value: 'vic.renamed@acme.example' }], name: { familyName: 'updatedFamilyName' } } });
  });

  it("refuses an address outside acme's verified domains, and an existing account of another company", async () => {
    for (const email of ['new.person@unverified.test', 'olga.other@elsewhere.test']) {
      expect(await scim('POST', '/Users', oktaUser(email)), email).toMatchObject({ status: 400, body: { schemas: [ERROR_SCHEMA], scimType: 'invalidValue', detail: expect.stringContaining('is not a verified domain of Acme Console') } });
    }
    const [olga] = await db().select().from(users).where(eq(users.email, 'olga.other@elsewhere.test'));
    expect(olga).toBeDefined();
    expect(await db().select().from(users).where(eq(users.email, 'new.person@unverified.test'))).toEqual([]);
  });

  it('deactivates (Okta) a linked member: their live session ends within a second and the audit names the SCIM token', async () => {
    const email = 'lea.live@acme.example';
    const linked = await scim('POST', '/Users', oktaUser(email, 'Lea', 'Live'));
    expect(linked.status).toBe(201);
    const lea = await signedIn(app(), email);
    expect((await lea.call('getWorkspaceList', {})).list.map((org) => org.orgId)).toEqual(['acme']);
    const ended = new Promise<number>((resolve) => lea.socket.on(SESSION_ENDED_EVENT, () => resolve(Date.now())));
    const deactivated = await scim('PATCH', `/Users/${linked.body!.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
    const answered = Date.now();
    expect(deactivated).toMatchObject({ status: 200, body: { active: false } });
    expect((await ended) - answered).toBeLessThan(1000);
    const again = await app().connect({ token: lea.token });
    expect((await again.emit('getWorkspaceList', {})).code).toBe(401);
    expect(await productsOf(email)).toBeNull();
    expect((await filterUsers(`userName eq "${email}"`)).body).toMatchObject({ totalResults: 1, Resources: [{ active: false }] });
    const audit = await auditOf(ada, 'acme');
    expect(audit).toContainEqual({ kind: 'member-deactivated', actor: `SCIM provisioning (token …${token.slice(-4)})`, member: email, detail: '1 session ended' });
    expect(audit).toContainEqual({ kind: 'member-provisioned', actor: `SCIM provisioning (token …${token.slice(-4)})`, member: email, detail: 'existing account' });

    // Entra's reactivation and deactivation: string booleans.
    const entraActive = (value: string) => scim('PATCH', `/Users/${linked.body!.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value }] });
    expect((await entraActive('True')).body).toMatchObject({ active: true });
    const back = await signedIn(app(), email);
    expect((await back.call('getWorkspaceList', {})).list.map((org) => org.orgId)).toEqual(['acme']);
    const endedAgain = new Promise<void>((resolve) => back.socket.on(SESSION_ENDED_EVENT, () => resolve()));
    expect((await entraActive('False')).body).toMatchObject({ active: false });
    await endedAgain;
    // DELETE: gone from the directory (404 after), the account stays.
    expect((await scim('DELETE', `/Users/${linked.body!.id}`)).status).toBe(204);
    expect(await scim('GET', `/Users/${linked.body!.id}`)).toMatchObject({ status: 404, body: { schemas: [ERROR_SCHEMA], status: '404' } });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('groups change product access: a group named after a product grants it to its members', async () => {
    const email = 'gus.groups@acme.example';
    const gus = (await scim('POST', '/Users', oktaUser(email, 'Gus', 'Groups'))).body!.id as string;
    // Okta: create a group, then push its members with PATCH.
    const hr = await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'HR', members: [] });
    expect(hr).toMatchObject({ status: 201, body: { schemas: [GROUP_SCHEMA], displayName: 'HR', members: [] } });
    expect((await scim('PATCH', `/Groups/${hr.body!.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: gus, display: email }] }] })).status).toBe(204);
    expect(await productsOf(email)).toEqual(['hrms']);
    // Entra: create with externalId, add a member with "Add", find it by displayName without members.
    const chat = await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159', displayName: 'chat', meta: { resourceType: 'Group' } });
    await scim('PATCH', `/Groups/${chat.body!.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: gus }] }] });
    expect(await productsOf(email)).toEqual(['hrms', 'chat']);
    expect((await scim('GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Chat"')}`)).body).toMatchObject({ totalResults: 1, Resources: [{ displayName: 'chat' }] });
    expect((await scim('GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Chat"')}`)).body!.Resources[0].members).toBeUndefined();
    expect((await scim('GET', `/Users/${gus}`)).body!.groups).toHaveLength(2);
    // Entra asks whether a user is in a group with a filter on members.
    const inGroup = (group: string) => scim('GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent(`id eq "${group}" and members[value eq "${gus}"]`)}`);
    expect((await inGroup(chat.body!.id)).body).toMatchObject({ totalResults: 1 });
    // Okta removes a member by filter; Entra renames a group (Chat → Payroll, not in acme's plan: no product).
    expect(await scim('PATCH', `/Groups/${hr.body!.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: `members[value eq "${gus}"]` }] })).toMatchObject({ status: 204 });
    expect(await productsOf(email)).toEqual(['chat']);
    await scim('PATCH', `/Groups/${chat.body!.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'displayName', value: 'Payroll' }] });
    expect(await productsOf(email)).toEqual([]);
    await scim('PATCH', `/Groups/${chat.body!.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { id: chat.body!.id, displayName: 'Project' } }] });
    expect(await productsOf(email)).toEqual(['pms']);
    expect(await scim('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'project' })).toMatchObject({ status: 409, body: { scimType: 'uniqueness' } });
    expect(await scim('PATCH', `/Groups/${hr.body!.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: 'not-a-user' }] }] })).toMatchObject({ status: 400, body: { scimType: 'invalidValue' } });
    expect((await scim('DELETE', `/Groups/${chat.body!.id}`)).status).toBe(204);
    expect(await productsOf(email)).toEqual([]);
    expect((await auditOf(ada, 'acme')).filter((entry) => entry.kind === 'member-access-changed' && entry.member === email).map((entry) => entry.detail)[0]).toBe('Project → none (directory groups)');
  });

  it('limits wrong tokens by address (30 in 15 minutes, then 429 with Retry-After in the error schema)', async () => {
    for (let attempt = 0; attempt < 30; attempt++) expect((await scim('GET', '/Users', undefined, 'spscim_not-a-token')).status).toBe(401);
    const response = await fetch(`${app().url}/scim/v2/acme/Users`, { headers: { authorization: 'Bearer spscim_not-a-token' } });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '429', scimType: 'tooMany' });
  });

  it('a member the console removes reads as deactivated to the directory, which can bring them back', async () => {
    const email = 'rita.removed@acme.example';
    const rita = (await scim('POST', '/Users', oktaUser(email, 'Rita', 'Removed'))).body!.id as string;
    await ada.call('removeOrganizationMember', { orgId: 'acme', userId: await app().userId(email) });
    expect((await scim('GET', `/Users/${rita}`)).body).toMatchObject({ active: false });
    expect((await scim('PATCH', `/Users/${rita}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] })).body).toMatchObject({ active: true });
    expect(await productsOf(email)).toEqual([]);
  });

  it('a hundred parallel creates of one userName make one account; the others get 409 uniqueness', async () => {
    const email = 'race.once@acme.example';
    const replies = await Promise.all(Array.from({ length: 100 }, () => whenAdmitted(() => scim('POST', '/Users', oktaUser(email)), busyHttpReply)));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    for (const reply of replies.filter((one) => one.status === 409)) expect(reply.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '409', scimType: 'uniqueness' });
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect((await filterUsers(`userName eq "${email}"`)).body).toMatchObject({ totalResults: 1 });
  });
});

