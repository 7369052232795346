import * as client from 'openid-client';
import { beforeEach, expect, it } from 'vitest';
import { adminSeed, auditOf, person, signedIn } from './fixtures/admin-seed';
import { describeEngines, useTestServerWithMail, resetLimits, type Engine, type TestServer } from './harness';
import { busyHttpReply, whenAdmitted } from './attack';
import { freePort } from '../free-port';

// The admin API for the suite's products: an organization's confidential app, registered in the console with API
// access, gets a token by the client-credentials grant (openid-client, knowing only the issuer, its id and its secret)
// and invites, reads, changes and removes members over HTTP, with the console's checks and audit lines naming the app.

const PORTS: Record<Engine, number> = { pglite: await freePort(), postgres: await freePort() };

const ADA = 'ada.api@acme.test';
const seed = adminSeed({
  users: [
    person(ADA, [{ orgId: 'acme', role: 'admin' }]),
    person('rex.api@rival.test', [{ orgId: 'rival', role: 'admin' }]),
    person('max.api@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms'] }]),
    person('lea.api@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms', 'chat'] }]),
  ],
});

type Envelope = { data: Record<string, unknown> | null; error: string | null; code: number };

describeEngines('the admin API (client credentials)', (engine) => {
  const issuer = `http://127.0.0.1:${PORTS[engine]}`;
  const { app, mail } = useTestServerWithMail(engine, seed, { PORT: String(PORTS[engine]), PUBLIC_URL: issuer });
  beforeEach(async () => {
    await resetLimits(app());
  });

  /** An app of `orgId` registered by its admin in the console: its id and the secret shown once. */
  const registered = async (admin: string, orgId: string, apiAccess: boolean) => {
    const console = await signedIn(app(), admin);
    const { app: registeredApp, clientSecret } = await console.call('registerApp', {
      orgId,
      name: `HR Sync ${Math.random().toString(36).slice(2, 6)}`,
      redirectUris: ['https://hr.example.test/callback'],
      type: 'confidential',
      apiAccess,
    });
    console.close();
    return { clientId: registeredApp.clientId, secret: clientSecret!, name: registeredApp.name };
  };
  /** What the app does: discovery from the issuer URL, then the client-credentials grant with its secret. */
  const tokenFor = async (registration: { clientId: string; secret: string }, scope = 'org:admin') => {
    const config = await client.discovery(new URL(issuer), registration.clientId, undefined, client.ClientSecretBasic(registration.secret), {
      execute: [client.allowInsecureRequests],
    });
    return (await client.clientCredentialsGrant(config, { scope })).access_token;
  };
  const api = async (server: TestServer, method: string, path: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, challenge: response.headers.get('www-authenticate'), body: (await response.json()) as Envelope };
  };

  it('invites, reads, changes and removes members with the console rules, each change in the audit naming the app', async () => {
    const hrSync = await registered(ADA, 'acme', true);
    const token = await tokenFor(hrSync);
    const since = mail().messages.length;

    const invited = await api(app(), 'POST', '/api/v1/orgs/acme/invitations', token, { invitations: [{ email: 'new.hire@acme.test', role: 'member', productAccess: ['hrms'] }] });
    expect(invited).toMatchObject({ status: 200, body: { code: 200, error: null, data: { invited: [{ email: 'new.hire@acme.test' }] } } });
    const invitation = await mail().waitFor('new.hire@acme.test', { since });
    expect(invitation.text).toContain(`${issuer}/invite/`);

    const maxId = await app().userId('max.api@acme.test');
    const read = await api(app(), 'GET', `/api/v1/orgs/acme/members/${maxId}`, token);
    expect(read.body.data).toMatchObject({ member: { email: 'max.api@acme.test', role: 'member', productAccess: ['hrms'], you: false } });

    const changed = await api(app(), 'PATCH', `/api/v1/orgs/acme/members/${maxId}`, token, { productAccess: ['hrms', 'chat'] });
    expect(changed.body).toMatchObject({ code: 200, data: { member: { productAccess: ['hrms', 'chat'] } } });
    // The plan of Acme has no Payroll: the console's refusal, word for word.
    const outside = await api(app(), 'PATCH', `/api/v1/orgs/acme/members/${maxId}`, token, { productAccess: ['payroll'] });
    expect(outside.status).toBe(400);
    expect(outside.body.error).toContain('Payroll');

    const lea = await signedIn(app(), 'lea.api@acme.test');
    const leaId = await app().userId('lea.api@acme.test');
    const removed = await api(app(), 'DELETE', `/api/v1/orgs/acme/members/${leaId}`, token, { reason: 'Left the company' });
    expect(removed.body).toMatchObject({ code: 200, data: { success: true } });
    // Her open session ended with her membership.
    await expect(lea.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
    expect((await api(app(), 'GET', `/api/v1/orgs/acme/members/${leaId}`, token)).status).toBe(404);

    const admin = await signedIn(app(), ADA);
    const audit = await auditOf(admin, 'acme');
    const byApp = audit.filter((entry) => entry.actor === `app ${hrSync.name} (${hrSync.clientId})`).map((entry) => [entry.kind, entry.member]);
    expect(byApp).toEqual(
      expect.arrayContaining([
        ['member-invited', 'new.hire@acme.test'],
        ['member-access-changed', 'max.api@acme.test'],
        ['member-removed', 'lea.api@acme.test'],
      ]),
    );
  });

  it('refuses a call without a token, with a forged one, for another organization, and the console payload rules', async () => {
    const hrSync = await registered(ADA, 'acme', true);
    const token = await tokenFor(hrSync);
    const maxId = await app().userId('max.api@acme.test');

    const none = await api(app(), 'GET', `/api/v1/orgs/acme/members/${maxId}`, null);
    expect(none).toMatchObject({ status: 401, challenge: 'Bearer error="invalid_token"' });
    expect((await api(app(), 'GET', `/api/v1/orgs/acme/members/${maxId}`, 'not-a-token')).status).toBe(401);

    // A token is bound to its app's organization: Rival's members are out of its reach, whatever the path says.
    const rexId = await app().userId('rex.api@rival.test');
    const other = await api(app(), 'GET', `/api/v1/orgs/rival/members/${rexId}`, token);
    expect(other).toMatchObject({ status: 403, body: { error: "This app belongs to another organization: it can only manage its own organization's members." } });
    const patched = await api(app(), 'PATCH', `/api/v1/orgs/rival/members/${rexId}`, token, { role: 'member' });
    expect(patched.status).toBe(403);
    const rex = await signedIn(app(), 'rex.api@rival.test');
    expect((await rex.call('getWorkspaceList', {})).list[0]).toMatchObject({ orgId: 'rival', role: 'admin' });

    // The same schemas as the console: a bad address, a field the path carries, a body that is not JSON.
    const bad = await api(app(), 'POST', '/api/v1/orgs/acme/invitations', token, { invitations: [{ email: 'ok@acme.test', role: 'member' }, { email: 'not-an-email', role: 'member' }] });
    expect(bad).toMatchObject({ status: 400, body: { data: { issues: [{ path: 'body.invitations.1.email', message: 'Email must be valid.' }] } } });
    expect((await api(app(), 'PATCH', `/api/v1/orgs/acme/members/${maxId}`, token, { role: 'admin', userId: maxId })).status).toBe(400);
    expect((await api(app(), 'PATCH', `/api/v1/orgs/acme/members/${maxId}`, token, '{"role":')).status).toBe(400);
    expect((await api(app(), 'GET', '/api/v1/orgs/acme/members/not-an-id', token)).status).toBe(400);
    expect((await api(app(), 'GET', '/api/v1/orgs/acme/people', token)).status).toBe(404);
  });

  it('gives org:admin only to an app the organization allowed, and stops a turned-off app at once', async () => {
    // No API access: the token endpoint refuses the grant itself, before any API call.
    const notes = await registered(ADA, 'acme', false);
    const refused = await tokenFor(notes).then(
      () => null,
      (error: { error?: string; error_description?: string }) => error,
    );
    expect(refused).toMatchObject({ error: 'invalid_request', error_description: 'requested grant type is not allowed for this client' });
    // A token without org:admin (asked for nothing) is refused by the API with the scope it lacks.
    const hrSync = await registered(ADA, 'acme', true);
    const maxId = await app().userId('max.api@acme.test');
    const bare = await api(app(), 'GET', `/api/v1/orgs/acme/members/${maxId}`, await tokenFor(hrSync, ''));
    expect(bare).toMatchObject({ status: 403, challenge: 'Bearer error="insufficient_scope", scope="org:admin"' });

    const token = await tokenFor(hrSync);
    expect((await api(app(), 'GET', `/api/v1/orgs/acme/members/${maxId}`, token)).status).toBe(200);
    const console = await signedIn(app(), ADA);
    await console.call('updateApp', { orgId: 'acme', clientId: hrSync.clientId, name: hrSync.name, redirectUris: ['https://hr.example.test/callback'], disabled: true });
    expect((await api(app(), 'GET', `/api/v1/orgs/acme/members/${maxId}`, token)).status).toBe(401);
  });

  it('spends the app\'s own change budget: of 130 changes at once, 120 are made and the rest refused 429', async () => {
    const hrSync = await registered(ADA, 'acme', true);
    const token = await tokenFor(hrSync);
    const maxId = await app().userId('max.api@acme.test');
    const replies = await Promise.all(
      Array.from({ length: 130 }, (_, n) => whenAdmitted(() => api(app(), 'PATCH', `/api/v1/orgs/acme/members/${maxId}`, token, { productAccess: n % 2 ? ['hrms'] : ['hrms', 'chat'] }), busyHttpReply)),
    );
    const tally = replies.reduce<Record<number, number>>((counts, reply) => ({ ...counts, [reply.status]: (counts[reply.status] ?? 0) + 1 }), {});
    expect(tally).toEqual({ 200: 120, 429: 10 });
    expect(replies.find((reply) => reply.status === 429)!.body.error).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    // The admin's own budget in the console is untouched by the app's.
    const console = await signedIn(app(), ADA);
    await expect(console.call('updateOrganizationMember', { orgId: 'acme', userId: maxId, productAccess: ['hrms'] })).resolves.toMatchObject({ member: { productAccess: ['hrms'] } });
  });
});
