import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { beforeEach, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { oidcModels } from '../../src/server/db/schema';
import { authorizationRequest, Browser, discover, exchangeCode, refreshRaw, tokenRequestRaw, type ThirdPartyApp } from '../oauth-client';
import { freePort } from '../free-port';
import { useLogoutReceiver } from '../oidc/logout-receiver';
import { OAUTH_APP, OAUTH_LOGOUT_APP, OAUTH_PARTNER, OAUTH_PASSWORD, OAUTH_USERS, oauthSeed } from './fixtures/oauth-seed';
import { describeEngines, signIn, useTestServer, resetLimits, type Engine } from './harness';

// Issue 23 §4, app sign-in finished, as the apps (oauth4webapi, jose) and the Authorize screen's calls see it: the
// request's own orgId, a wrong PKCE verifier consuming the code, one sign-in for the suite, consent for a third-party
// app, and back-channel logout when the portal session ends.

const PORTS: Record<Engine, number> = { pglite: await freePort(), postgres: await freePort() };

/** An app's back-channel logout endpoint, which keeps every logout token POSTed to it. */
const { uri: LOGOUT_URI, received } = await useLogoutReceiver();

type Reply = { data: { redirect_uri?: string; token?: string; email?: string; consent?: { scopes: string[] }; isMultiFactorAuth?: boolean } | null; error: string | null; code: number };

describeEngines('app sign-in, finished (issue 23 §4)', (engine) => {
  const issuer = `http://127.0.0.1:${PORTS[engine]}`;
  const app = useTestServer(engine, oauthSeed({ backchannelLogoutUri: LOGOUT_URI }), () => ({ PORT: String(PORTS[engine]), PUBLIC_URL: issuer }));
  let notes: ThirdPartyApp;
  let partner: ThirdPartyApp;
  let logoutApp: ThirdPartyApp;
  beforeEach(async () => {
    await resetLimits(app());
    notes ??= await discover(issuer, OAUTH_APP.clientId, OAUTH_APP.redirectUri);
    partner ??= await discover(issuer, OAUTH_PARTNER.clientId, OAUTH_PARTNER.redirectUri);
    logoutApp ??= await discover(issuer, OAUTH_LOGOUT_APP.clientId, OAUTH_LOGOUT_APP.redirectUri);
  });

  /** The app starts an authorization; the browser lands on the Authorize screen, whose query is returned. */
  const startAt = async (browser: Browser, third: ThirdPartyApp, extra: Record<string, string> = {}) => {
    const request = await authorizationRequest(third, extra);
    const response = await browser.get(request.url);
    expect(response.status).toBe(303);
    return { request, query: new URL(response.headers.get('location')!, issuer).searchParams };
  };
  const post = async (path: string, query: URLSearchParams, body: unknown, token?: string): Promise<Reply> => {
    const response = await fetch(`${issuer}${path}?${query.toString()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const reply = (await response.json()) as Reply;
    expect(response.status).toBe(reply.code);
    return reply;
  };
  const login = (query: URLSearchParams, email: string, password = OAUTH_PASSWORD) => post('/oauth2/login', query, { email, password, platform: 'web' });
  /** Where the app's browser ends: the app's redirect URI with code or error, and state. */
  const atApp = async (browser: Browser, redirect: string) => {
    const response = await browser.get(redirect);
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location')!);
  };
  const expectDenied = (back: URL, third: ThirdPartyApp, state: string) => {
    expect(`${back.origin}${back.pathname}`).toBe(third.redirectUri);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.has('code')).toBe(false);
  };

  it("sends a user who is not a member of the request's orgId back to the app with access_denied, whatever /oauth2/login carries", async () => {
    // plain is a member of alpha only; the app asks for beta-only.
    for (const tamper of [(q: URLSearchParams) => q, (q: URLSearchParams) => (q.delete('orgId'), q), (q: URLSearchParams) => (q.set('orgId', 'alpha'), q)]) {
      const browser = new Browser();
      const { request, query } = await startAt(browser, notes, { orgId: 'beta-only' });
      const reply = await login(tamper(new URLSearchParams(query)), OAUTH_USERS.plain);
      expect(reply).toMatchObject({ code: 200, error: null });
      expectDenied(await atApp(browser, reply.data!.redirect_uri!), notes, request.state);
    }
    // gamma's IP ranges exclude 127.0.0.1: its own admin, from here, is sent back the same way (and with the orgId dropped).
    const browser = new Browser();
    const { request, query } = await startAt(browser, notes, { orgId: 'gamma' });
    query.delete('orgId');
    const fenced = await login(query, 'admin@alpha.test', 'Admin#Pass123');
    expectDenied(await atApp(browser, fenced.data!.redirect_uri!), notes, request.state);

    // The organization the request names is the one the tokens carry, even when the screen's call names another.
    const member = new Browser();
    const started = await startAt(member, notes, { orgId: 'alpha' });
    started.query.set('orgId', 'beta-only');
    const ok = await login(started.query, OAUTH_USERS.plain);
    const { claims } = await exchangeCode(notes, (await atApp(member, ok.data!.redirect_uri!)).href, started.request);
    expect(claims).toMatchObject({ org_id: 'alpha' });
    // A request naming no organization picks the active one, as before.
    const plain = new Browser();
    const none = await startAt(plain, notes);
    const noneReply = await login(none.query, OAUTH_USERS.plain);
    expect((await exchangeCode(notes, (await atApp(plain, noneReply.data!.redirect_uri!)).href, none.request)).claims).toMatchObject({ org_id: 'alpha' });
  });

  it("refuses a hundred parallel Continue as for another organization's request alike: no grant, access_denied at the app", async () => {
    const db = app().server.database.db;
    const userId = await app().userId(OAUTH_USERS.outsider);
    const grantsOf = async () => (await db.select({ id: oidcModels.id }).from(oidcModels).where(and(eq(oidcModels.kind, 'Grant'), sql`${oidcModels.payload}->>'accountId' = ${userId}`))).length;
    const token = await signIn(app(), OAUTH_USERS.outsider, OAUTH_PASSWORD);
    const before = await grantsOf();
    const browser = new Browser();
    const { request, query } = await startAt(browser, notes, { orgId: 'alpha' });
    const replies = await Promise.all(Array.from({ length: 100 }, () => post('/oauth2/continue', query, {}, token)));
    expect(replies.filter((reply) => reply.code === 200 && reply.data?.redirect_uri !== undefined && reply.data.consent === undefined)).toHaveLength(100);
    expect(await grantsOf()).toBe(before);
    expectDenied(await atApp(browser, replies[0]!.data!.redirect_uri!), notes, request.state);
  });

  it('consumes a code at a wrong PKCE verifier, and lets exactly one of 100 parallel exchanges win', async () => {
    const browser = new Browser();
    const { request, query } = await startAt(browser, notes);
    const callback = (await atApp(browser, (await login(query, OAUTH_USERS.plain)).data!.redirect_uri!)).href;
    expect(await tokenRequestRaw(notes, callback, 'x'.repeat(43))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await tokenRequestRaw(notes, callback, request.verifier)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const other = new Browser();
    const second = await startAt(other, notes);
    const code = (await atApp(other, (await login(second.query, OAUTH_USERS.plain)).data!.redirect_uri!)).href;
    const results = await Promise.all(Array.from({ length: 100 }, () => tokenRequestRaw(notes, code, second.request.verifier)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 400 && result.body.error === 'invalid_grant')).toHaveLength(99);
  });

  it('holds the orgId and PKCE cases for an app built on openid-client: access_denied, a wrong verifier spends the code, org_id as asked', async () => {
    const config = await client.discovery(new URL(issuer), OAUTH_APP.clientId, { redirect_uris: [OAUTH_APP.redirectUri] }, client.None(), { execute: [client.allowInsecureRequests] });
    const begin = async (orgId: string) => {
      const checks = { pkceCodeVerifier: client.randomPKCECodeVerifier(), expectedState: client.randomState(), expectedNonce: client.randomNonce() };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: OAUTH_APP.redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(checks.pkceCodeVerifier),
        code_challenge_method: 'S256',
        state: checks.expectedState,
        nonce: checks.expectedNonce,
        orgId,
      });
      const browser = new Browser();
      const response = await browser.get(url.href);
      expect(response.status).toBe(303);
      return { browser, checks, query: new URL(response.headers.get('location')!, issuer).searchParams };
    };
    const backAtApp = async (started: Awaited<ReturnType<typeof begin>>) => atApp(started.browser, (await login(started.query, OAUTH_USERS.plain)).data!.redirect_uri!);

    // Not a member of the organization the request names: the library reports access_denied, whatever the screen sent.
    const outside = await begin('beta-only');
    outside.query.delete('orgId');
    await expect(client.authorizationCodeGrant(config, await backAtApp(outside), outside.checks)).rejects.toMatchObject({ error: 'access_denied' });

    // A wrong verifier is refused, and the code is spent: the right one no longer redeems it.
    const member = await begin('alpha');
    member.query.set('orgId', 'beta-only');
    const callback = await backAtApp(member);
    await expect(client.authorizationCodeGrant(config, callback, { ...member.checks, pkceCodeVerifier: client.randomPKCECodeVerifier() })).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.authorizationCodeGrant(config, callback, member.checks)).rejects.toMatchObject({ error: 'invalid_grant' });

    // The right verifier at once: the ID token names the organization the request asked for.
    const again = await begin('alpha');
    const tokens = await client.authorizationCodeGrant(config, await backAtApp(again), again.checks);
    expect(tokens.claims()).toMatchObject({ email: OAUTH_USERS.plain, org_id: 'alpha' });
  });

  it('opens the portal session with a sign-in at /authorize: its token works on the portal and continues at the next app', async () => {
    const browser = new Browser();
    const first = await startAt(browser, notes);
    const reply = await login(first.query, OAUTH_USERS.plain);
    expect(reply.data).toMatchObject({ token: expect.any(String), email: OAUTH_USERS.plain, redirect_uri: expect.any(String) });
    const portal = await app().connect({ token: reply.data!.token! });
    expect(await portal.call('authenticate', { token: reply.data!.token! })).toMatchObject({ email: OAUTH_USERS.plain });
    const sessions = (await portal.call('getSessionList', undefined)).list;
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    portal.close();

    // The next app: "Continue as" with that session, no password.
    const next = new Browser();
    const second = await startAt(next, logoutApp);
    const continued = await post('/oauth2/continue', second.query, {}, reply.data!.token);
    const { claims } = await exchangeCode(logoutApp, (await atApp(next, continued.data!.redirect_uri!)).href, second.request);
    expect(claims).toMatchObject({ email: OAUTH_USERS.plain });
  });

  it('asks consent once for a third-party app (Deny goes back with access_denied), lists it in Connected apps, and a revoke asks again and ends its tokens', async () => {
    const email = OAUTH_USERS.own;
    const browser = new Browser();
    const first = await startAt(browser, partner);
    const asked = await login(first.query, email);
    expect(asked.data).toEqual({ consent: { scopes: ['openid', 'email', 'profile'] }, token: expect.any(String), email });
    const token = asked.data!.token!;
    expect(await post('/oauth2/consent', first.query, { decision: 'allow' })).toMatchObject({ code: 401 });
    expect(await post('/oauth2/consent', first.query, { decision: 'maybe' }, token)).toMatchObject({ code: 400 });
    const denied = await post('/oauth2/consent', first.query, { decision: 'deny' }, token);
    expectDenied(await atApp(browser, denied.data!.redirect_uri!), partner, first.request.state);

    // Deny is not remembered: the next sign-in asks again; Allow finishes it and is remembered.
    const again = new Browser();
    const second = await startAt(again, partner, { scope: 'openid email profile offline_access', prompt: 'consent' });
    expect((await post('/oauth2/continue', second.query, {}, token)).data).toEqual({ consent: { scopes: ['openid', 'email', 'profile', 'offline_access'] } });
    const allowed = await post('/oauth2/consent', second.query, { decision: 'allow' }, token);
    const { tokens, claims } = await exchangeCode(partner, (await atApp(again, allowed.data!.redirect_uri!)).href, second.request);
    expect(claims).toMatchObject({ email, aud: OAUTH_PARTNER.clientId });

    const third = new Browser();
    const later = await startAt(third, partner);
    expect((await post('/oauth2/continue', later.query, {}, token)).data).toEqual({ redirect_uri: expect.any(String) });
    // A suite app never asks.
    const suite = await startAt(new Browser(), notes);
    expect((await post('/oauth2/continue', suite.query, {}, token)).data).toEqual({ redirect_uri: expect.any(String) });

    const portal = await app().connect({ token });
    expect((await portal.call('getConnectedApps', undefined)).list).toEqual([
      { clientId: OAUTH_PARTNER.clientId, name: OAUTH_PARTNER.name, logoUrl: OAUTH_PARTNER.logo, scopes: ['openid', 'email', 'profile', 'offline_access'], allowedAt: expect.any(String) },
    ]);
    // A hundred revokes at once (over four connections: each allows 50 calls in 5 s): one takes the access back, the others find none.
    const connections = await Promise.all(Array.from({ length: 4 }, () => app().connect({ token })));
    const revokes = await Promise.all(Array.from({ length: 100 }, (_, i) => connections[i % 4]!.emit('revokeConnectedApp', { clientId: OAUTH_PARTNER.clientId })));
    for (const connection of connections) connection.close();
    expect(revokes.filter((reply) => reply.code === 200)).toHaveLength(1);
    expect(revokes.filter((reply) => reply.code === 404 && reply.error === 'This app has no access to your account.')).toHaveLength(99);
    expect((await portal.call('getConnectedApps', undefined)).list).toEqual([]);
    expect(await refreshRaw(partner, tokens.refresh_token!)).toBe(400);
    const history = (await portal.call('getSignInHistory', { filter: { kinds: ['app-allowed', 'app-disconnected'] } })).list.map((entry) => entry.kind);
    expect(history).toEqual(['app-disconnected', 'app-allowed']);
    portal.close();
    const afterRevoke = await startAt(new Browser(), partner);
    expect((await post('/oauth2/continue', afterRevoke.query, {}, token)).data).toMatchObject({ consent: { scopes: ['openid', 'email', 'profile'] } });
  });

  it('tells an app with a back-channel logout URI when the portal session ends: logout, and sign out of every other session', async () => {
    // A user of this test alone, so the sessions that end are the ones it opens.
    const jwks = createRemoteJWKSet(new URL(`${issuer}/oidc/jwks`));
    const userId = await app().userId(OAUTH_USERS.guesses);
    const logoutTokenFor = async (since: number) => {
      for (let i = 0; i < 100 && received.length <= since; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received.length).toBe(since + 1);
      const { payload, protectedHeader } = await jwtVerify(received[since]!, jwks, { issuer, audience: OAUTH_LOGOUT_APP.clientId, typ: 'logout+jwt' });
      expect(protectedHeader.alg).toBeDefined();
      expect(payload).toMatchObject({ sub: userId, events: { 'http://schemas.openid.net/event/backchannel-logout': {} }, jti: expect.any(String) });
      expect(payload).not.toHaveProperty('nonce');
    };
    const signInToLogoutApp = async () => {
      const browser = new Browser();
      const { query } = await startAt(browser, logoutApp);
      const reply = await login(query, OAUTH_USERS.guesses);
      await atApp(browser, reply.data!.redirect_uri!);
      return reply.data!.token!;
    };

    // Socket logout of the session the sign-in at /authorize opened.
    let since = received.length;
    const token = await signInToLogoutApp();
    const portal = await app().connect({ token });
    await portal.call('logout', {});
    await logoutTokenFor(since);

    // "Sign out every other session" from another session of the user.
    since = received.length;
    await signInToLogoutApp();
    const elsewhere = await app().connect({ token: await signIn(app(), OAUTH_USERS.guesses, OAUTH_PASSWORD) });
    await elsewhere.call('endOtherSessions', undefined);
    await logoutTokenFor(since);
    // Only the apps of the sessions that ended: signing out again tells nobody.
    await elsewhere.call('logout', {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.length).toBe(since + 1);
  });
});
