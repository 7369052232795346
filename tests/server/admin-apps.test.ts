import { createRemoteJWKSet, jwtVerify } from 'jose';
import { beforeEach, expect, it } from 'vitest';
import {
  authorizationRequest,
  Browser,
  clientCredentialsRaw,
  discover,
  exchangeCode,
  introspect,
  refreshRaw,
  userInfo,
  userInfoStatus,
  verifyIdToken,
  type ThirdPartyApp,
} from '../oauth-client';
import { adminSeed, auditOf, CONSOLE_PASSWORD, person, signedIn } from './fixtures/admin-seed';
import { describeEngines, useTestServer, resetLimits, type Engine } from './harness';
import { freePort } from '../free-port';
import { useLogoutReceiver } from '../oidc/logout-receiver';

// The admin console's apps: an organization registers its OAuth / OpenID Connect clients; a confidential one's secret
// is shown once and can be rotated (the old one fails at the token endpoint); an app turned off or deleted signs
// nobody in and its tokens stop working; an organization's app signs in for that organization only; removing a member
// ends the tokens apps got for them there; an app given a back-channel logout URI gets a logout token when the portal
// session a user signed in to it with ends.

const PORTS: Record<Engine, number> = { pglite: await freePort(), postgres: await freePort() };

/** A 1×1 PNG (an app's logo). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const OWEN = 'owen.apps@acme.test';
const CALLBACK = 'https://app.acme.example/cb';
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** An app's back-channel logout endpoint, which keeps every logout token POSTed to it. */
const { uri: LOGOUT_URI, received } = await useLogoutReceiver();
const seed = adminSeed({
  users: [
    person(OWEN, [{ orgId: 'acme', role: 'admin' }]),
    person('rex.rival@rival.test', [{ orgId: 'rival', role: 'admin' }]),
    person('bo.both@acme.test', [
      { orgId: 'rival', role: 'member', productAccess: ['hrms'] },
      { orgId: 'acme', role: 'member', productAccess: ['hrms'] },
    ]),
    person('tom.tokens@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms'] }]),
    person('lou.logout@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms'] }]),
  ],
  // An app of acme's from the seed (`orgId`), and one of the deployment's own.
  oauthClients: [
    { clientId: 'acme-seeded', name: 'Seeded Acme App', redirectUris: [CALLBACK], orgId: 'acme' },
    { clientId: 'deployment-app', name: 'Deployment App', redirectUris: [CALLBACK], firstParty: true },
  ],
});

describeEngines('admin console: apps', (engine) => {
  const issuer = `http://127.0.0.1:${PORTS[engine]}`;
  const app = useTestServer(engine, seed, () => ({ PORT: String(PORTS[engine]), PUBLIC_URL: issuer }));
  beforeEach(async () => {
    await resetLimits(app());
  });

  /** Starts a sign-in to the app and sends the Authorize screen's login: the reply, and what finishes it. */
  const attempt = async (third: ThirdPartyApp, email: string, extra: Record<string, string>) => {
    const browser = new Browser();
    const request = await authorizationRequest(third, { scope: 'openid email offline_access', prompt: 'consent', ...extra });
    const screen = await browser.get(request.url);
    expect(screen.status).toBe(303);
    const query = new URL(screen.headers.get('location')!, issuer).searchParams;
    const login = await fetch(`${issuer}/oauth2/login?${query.toString()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: CONSOLE_PASSWORD, platform: 'web' }),
    });
    let reply = (await login.json()) as { data: { redirect_uri: string; consent?: unknown; token?: string } | null; error: string | null; code: number };
    // The portal session this sign-in opened.
    const token = reply.data?.token;
    // An organization's app is not one of the suite's: the user allows it on the consent screen (once).
    if (reply.data?.consent) {
      const consent = await fetch(`${issuer}/oauth2/consent?${query.toString()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${reply.data.token!}` },
        body: JSON.stringify({ decision: 'allow' }),
      });
      reply = (await consent.json()) as typeof reply;
    }
    return { browser, request, reply, token };
  };
  /** Signs `email` in to the app through the portal's Authorize screen and exchanges the code: the app's tokens. */
  const signInTo = async (third: ThirdPartyApp, email: string, extra: Record<string, string> = {}) => {
    const { browser, request, reply, token } = await attempt(third, email, extra);
    expect(reply).toMatchObject({ code: 200, error: null });
    const back = await browser.get(reply.data!.redirect_uri);
    return { ...(await exchangeCode(third, back.headers.get('location')!, request)), portalToken: token! };
  };

  it('registers a confidential app with API access: the secret once, client credentials, rotation ends the old secret', async () => {
    const owen = await signedIn(app(), OWEN);
    const { app: registered, clientSecret } = await owen.call('registerApp', { orgId: 'acme', name: 'HR Sync', redirectUris: [CALLBACK], type: 'confidential', apiAccess: true });
    expect(registered).toMatchObject({ name: 'HR Sync', type: 'confidential', apiAccess: true, disabled: false, logoUrl: null, redirectUris: [CALLBACK] });
    expect(registered.clientId).toMatch(/^acme-[0-9a-f]{16}$/);
    expect(clientSecret!.length).toBeGreaterThanOrEqual(32);
    const { list } = await owen.call('getOrganizationApps', { orgId: 'acme' });
    expect(list.map((row) => row.clientId)).toEqual(['acme-seeded', registered.clientId]);
    expect(JSON.stringify(list)).not.toContain(clientSecret);

    const sync = await discover(issuer, registered.clientId, CALLBACK, clientSecret!);
    const token = await clientCredentialsRaw(sync, 'org:admin');
    expect(token).toMatchObject({ status: 200, body: { scope: 'org:admin', token_type: 'Bearer' } });
    expect(await introspect(sync, token.body.access_token as string)).toMatchObject({ active: true, client_id: registered.clientId, org_id: 'acme', scope: 'org:admin' });

    const rotated = await owen.call('rotateAppSecret', { orgId: 'acme', clientId: registered.clientId });
    expect(rotated.clientSecret).not.toBe(clientSecret);
    expect(await clientCredentialsRaw(sync, 'org:admin')).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const fresh = await discover(issuer, registered.clientId, CALLBACK, rotated.clientSecret!);
    expect((await clientCredentialsRaw(fresh, 'org:admin')).status).toBe(200);

    // A confidential app without API access gets no token of its own; a public app has no secret to rotate.
    const plain = await owen.call('registerApp', { orgId: 'acme', name: 'Reports', redirectUris: [CALLBACK], type: 'confidential' });
    expect((await clientCredentialsRaw(await discover(issuer, plain.app.clientId, CALLBACK, plain.clientSecret!), 'org:admin')).body).toMatchObject({
      error: 'invalid_request',
      error_description: 'requested grant type is not allowed for this client',
    });
    const spa = await owen.call('registerApp', { orgId: 'acme', name: 'Browser App', redirectUris: [CALLBACK], type: 'public' });
    expect(spa.clientSecret).toBeNull();
    expect(await owen.emit('rotateAppSecret', { orgId: 'acme', clientId: spa.app.clientId })).toMatchObject({ code: 409 });
    expect(await owen.emit('registerApp', { orgId: 'acme', name: 'No', redirectUris: [CALLBACK], type: 'public', apiAccess: true })).toMatchObject({ code: 400 });

    const audit = await auditOf(owen, 'acme');
    expect(audit).toContainEqual({ kind: 'app-registered', actor: 'Owen Apps (owen.apps@acme.test)', member: 'HR Sync', detail: `${registered.clientId}, confidential, admin API` });
    expect(audit).toContainEqual({ kind: 'app-secret-rotated', actor: 'Owen Apps (owen.apps@acme.test)', member: 'HR Sync', detail: `${registered.clientId}: the previous secret stopped working` });
  });

  it('turns an app off (its tokens stop working, it signs nobody in) and on, and deletes it', async () => {
    const owen = await signedIn(app(), OWEN);
    const upload = await fetch(`${issuer}/uploads/images`, { method: 'POST', headers: { authorization: `Bearer ${owen.token}` }, body: new Uint8Array(PNG) });
    const { imageId } = ((await upload.json()) as { data: { imageId: string } }).data;
    const { app: registered } = await owen.call('registerApp', { orgId: 'acme', name: 'Notes', redirectUris: [CALLBACK], type: 'public', logo: { imageId } });
    expect(registered.logoUrl).toBe(`/images/${imageId}`);
    const appInfo = async () => (await fetch(`${issuer}/oauth2/app-info?client_id=${registered.clientId}`)).json() as Promise<{ data: unknown; code: number }>;
    expect(await appInfo()).toMatchObject({ code: 200, data: { client_name: 'Notes', client_logo: `/images/${imageId}` } });
    expect((await fetch(`${issuer}/images/${imageId}`)).headers.get('content-type')).toBe('image/png');
    const notes = await discover(issuer, registered.clientId, CALLBACK);
    const { tokens, claims } = await signInTo(notes, 'tom.tokens@acme.test');
    expect(await userInfo(notes, tokens.access_token, claims.sub)).toMatchObject({ email: 'tom.tokens@acme.test', org_id: 'acme' });

    const off = await owen.call('updateApp', { orgId: 'acme', clientId: registered.clientId, name: 'Notes', redirectUris: [CALLBACK], disabled: true });
    expect(off.app.disabled).toBe(true);
    expect(await userInfoStatus(notes, tokens.access_token)).toBe(401);
    expect(await appInfo()).toMatchObject({ code: 404 });
    const refused = await new Browser().get((await authorizationRequest(notes)).url);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('not registered with the portal');

    await owen.call('updateApp', { orgId: 'acme', clientId: registered.clientId, name: 'Notes 2', redirectUris: [CALLBACK, 'https://app.acme.example/other'], disabled: false });
    const again = await signInTo(notes, 'tom.tokens@acme.test');
    // The tokens of before stay dead.
    expect(await userInfoStatus(notes, tokens.access_token)).toBe(401);

    await expect(owen.call('deleteApp', { orgId: 'acme', clientId: registered.clientId })).resolves.toEqual({ success: true });
    expect(await userInfoStatus(notes, again.tokens.access_token)).toBe(401);
    expect((await owen.call('getOrganizationApps', { orgId: 'acme' })).list.map((row) => row.clientId)).not.toContain(registered.clientId);
    // Its logo went with it.
    expect((await fetch(`${issuer}/images/${imageId}`)).status).toBe(404);
    expect(await owen.emit('deleteApp', { orgId: 'acme', clientId: registered.clientId })).toMatchObject({ code: 404, error: 'This app is not registered for Acme Console.' });
    // The deployment's own apps and other organizations' are not this console's.
    expect(await owen.emit('updateApp', { orgId: 'acme', clientId: 'deployment-app', name: 'Mine', redirectUris: [CALLBACK] })).toMatchObject({ code: 404 });

    const audit = await auditOf(owen, 'acme');
    expect(audit).toContainEqual({ kind: 'app-changed', actor: 'Owen Apps (owen.apps@acme.test)', member: 'Notes', detail: `${registered.clientId}: turned off: its tokens stopped working` });
    expect(audit).toContainEqual({ kind: 'app-deleted', actor: 'Owen Apps (owen.apps@acme.test)', member: 'Notes 2', detail: registered.clientId });
  });

  it('signs in for its own organization only, and a removed member\'s tokens stop working', async () => {
    const seeded = await discover(issuer, 'acme-seeded', CALLBACK);
    // bo's active organization is rival; the app is acme's.
    const { tokens } = await signInTo(seeded, 'bo.both@acme.test');
    expect(await verifyIdToken(seeded, tokens.id_token!)).toMatchObject({ org_id: 'acme' });
    // Asked for another organization, it goes back to the app with access_denied.
    const other = await attempt(seeded, 'bo.both@acme.test', { orgId: 'rival' });
    const back = new URL((await other.browser.get(other.reply.data!.redirect_uri)).headers.get('location')!);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'access_denied', error_description: 'This application belongs to another organization: it cannot be opened for this one.' });
    // The deployment's own app still opens for any organization of the user.
    const own = await signInTo(await discover(issuer, 'deployment-app', CALLBACK), 'bo.both@acme.test', { orgId: 'rival' });
    expect(await verifyIdToken(await discover(issuer, 'deployment-app', CALLBACK), own.tokens.id_token!)).toMatchObject({ org_id: 'rival' });

    const { tokens: tomTokens, claims } = await signInTo(seeded, 'tom.tokens@acme.test');
    expect(await userInfo(seeded, tomTokens.access_token, claims.sub)).toMatchObject({ org_id: 'acme' });
    const owen = await signedIn(app(), OWEN);
    await owen.call('removeOrganizationMember', { orgId: 'acme', userId: claims.sub });
    expect(await userInfoStatus(seeded, tomTokens.access_token)).toBe(401);
    expect(await refreshRaw(seeded, tomTokens.refresh_token!)).toBe(400);

    // The seeded app is acme's: rival's console does not list it.
    const rex = await signedIn(app(), 'rex.rival@rival.test');
    expect((await rex.call('getOrganizationApps', { orgId: 'rival' })).list).toEqual([]);
    expect(await rex.emit('deleteApp', { orgId: 'rival', clientId: 'acme-seeded' })).toMatchObject({ code: 404 });
  });

  it('keeps a back-channel logout URI (checked like the seed\'s, changed and removed in the audit), and the app is told when the user signs out of the portal', async () => {
    const owen = await signedIn(app(), OWEN);
    const before = (await owen.call('getOrganizationApps', { orgId: 'acme' })).list;
    // Refused with the field named, and nothing written.
    for (const [uri, message] of [
      ['http://app.acme.example/logout', 'A back-channel logout URI must start with https:// (http:// only for localhost or 127.0.0.1).'],
      ['https://app.acme.example/logout#now', 'A back-channel logout URI must not have a fragment (#…).'],
      ['logout', 'A back-channel logout URI must be a full web address, like https://app.example.com/logout.'],
      ['https://app.acme.example/log out', 'A back-channel logout URI must not contain spaces or characters a web address cannot have: percent-encode them.'],
    ] as const) {
      expect(await owen.emit('registerApp', { orgId: 'acme', name: 'Bad Logout', redirectUris: [CALLBACK], type: 'confidential', backchannelLogoutUri: uri })).toMatchObject({
        code: 400,
        error: `backchannelLogoutUri: ${message}`,
        data: { fields: ['backchannelLogoutUri'] },
      });
    }
    expect((await owen.call('getOrganizationApps', { orgId: 'acme' })).list).toEqual(before);
    expect((await auditOf(owen, 'acme')).filter((entry) => entry.member === 'Bad Logout')).toEqual([]);

    const { app: registered, clientSecret } = await owen.call('registerApp', {
      orgId: 'acme',
      name: 'Timesheets',
      redirectUris: [CALLBACK],
      type: 'confidential',
      backchannelLogoutUri: ` ${LOGOUT_URI} `,
    });
    expect(registered).toMatchObject({ name: 'Timesheets', backchannelLogoutUri: LOGOUT_URI });
    expect((await owen.call('getOrganizationApps', { orgId: 'acme' })).list.find((row) => row.clientId === registered.clientId)).toMatchObject({ backchannelLogoutUri: LOGOUT_URI });

    // The user signs in to the app through /authorize, then out of the portal: the app gets a logout token for them.
    const timesheets = await discover(issuer, registered.clientId, CALLBACK, clientSecret!);
    const { claims, portalToken } = await signInTo(timesheets, 'lou.logout@acme.test');
    const since = received.length;
    const portal = await app().connect({ token: portalToken });
    await portal.call('logout', {});
    portal.close();
    for (let i = 0; i < 100 && received.length <= since; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(since + 1);
    const { payload } = await jwtVerify(received[since]!, createRemoteJWKSet(new URL(timesheets.as.jwks_uri!)), {
      issuer,
      audience: registered.clientId,
      typ: 'logout+jwt',
    });
    expect(payload).toMatchObject({ sub: claims.sub, events: { [LOGOUT_EVENT]: {} }, jti: expect.any(String) });

    // A bad change is refused and changes nothing; a change and a removal (null) are in the audit.
    const change = { orgId: 'acme', clientId: registered.clientId, name: 'Timesheets', redirectUris: [CALLBACK] };
    expect(await owen.emit('updateApp', { ...change, backchannelLogoutUri: 'ftp://app.acme.example/logout' })).toMatchObject({ code: 400, data: { fields: ['backchannelLogoutUri'] } });
    // Absent: kept as it is.
    expect((await owen.call('updateApp', { ...change, name: 'Timesheets 2' })).app.backchannelLogoutUri).toBe(LOGOUT_URI);
    const moved = 'https://time.acme.example/oidc/logout';
    expect((await owen.call('updateApp', { ...change, backchannelLogoutUri: moved })).app.backchannelLogoutUri).toBe(moved);
    expect((await owen.call('updateApp', { ...change, backchannelLogoutUri: null })).app.backchannelLogoutUri).toBeNull();
    expect((await owen.call('getOrganizationApps', { orgId: 'acme' })).list.find((row) => row.clientId === registered.clientId)).toMatchObject({ backchannelLogoutUri: null });

    // The admin's lines about the app, newest first (the user's consent to it is there too, but not the admin's).
    const audit = (await auditOf(owen, 'acme')).filter((entry) => entry.detail?.startsWith(registered.clientId) && entry.actor !== null);
    expect(audit).toEqual([
      { kind: 'app-changed', actor: 'Owen Apps (owen.apps@acme.test)', member: 'Timesheets', detail: `${registered.clientId}: back-channel logout URI removed` },
      { kind: 'app-changed', actor: 'Owen Apps (owen.apps@acme.test)', member: 'Timesheets', detail: `${registered.clientId}: name: Timesheets 2 → Timesheets; back-channel logout URI: ${moved}` },
      { kind: 'app-changed', actor: 'Owen Apps (owen.apps@acme.test)', member: 'Timesheets 2', detail: `${registered.clientId}: name: Timesheets → Timesheets 2` },
      { kind: 'app-registered', actor: 'Owen Apps (owen.apps@acme.test)', member: 'Timesheets', detail: `${registered.clientId}, confidential, back-channel logout URI: ${LOGOUT_URI}` },
    ]);

    // Removed: the next sign-out tells the app nothing.
    const again = await signInTo(timesheets, 'lou.logout@acme.test');
    const quiet = received.length;
    const second = await app().connect({ token: again.portalToken });
    await second.call('logout', {});
    second.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(quiet);
  });
});
