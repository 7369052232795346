import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { oauthClients, oidcModels, rateLimits, users } from '../../src/server/db/schema';
import { codeIn, withCode } from '../mail/smtp-receiver';
import { authorizationRequest, Browser, discover, exchangeCode, introspect, refresh, refreshRaw, revoke, tokenRequestRaw, userInfo, verifyIdToken, type ThirdPartyApp } from '../oauth-client';
import { OAUTH_APP, OAUTH_CONFIDENTIAL, OAUTH_PASSWORD, OAUTH_USERS, oauthSeed } from './fixtures/oauth-seed';
import { describeEngines, signIn, useTestServerWithMail, resetLimits, type Engine, type TestServer } from './harness';
import { freePort } from '../free-port';
import hi from '../../src/shared/i18n/locales/hi.json';
import { DEVICE_TRUST_PATH } from '../../src/shared/protocol/trusted-device-schemas';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36';

const PORTS: Record<Engine, number> = { pglite: await freePort(), postgres: await freePort() };

describeEngines('third-party sign-in (the portal as an OpenID provider)', (engine) => {
  const issuer = `http://127.0.0.1:${PORTS[engine]}`;
  const { app, mail } = useTestServerWithMail(engine, oauthSeed(), { PORT: String(PORTS[engine]), PUBLIC_URL: issuer });
  let client: ThirdPartyApp;
  beforeEach(async () => {
    await resetLimits(app());
    client ??= await discover(issuer, OAUTH_APP.clientId, OAUTH_APP.redirectUri);
  });

  /** Starts an authorization as the app, and lands on the Authorize screen: its query. */
  const startAt = async (browser: Browser, third: ThirdPartyApp = client, extra: Record<string, string> = {}) => {
    const request = await authorizationRequest(third, extra);
    const response = await browser.get(request.url);
    expect(response.status).toBe(303);
    const screen = new URL(response.headers.get('location')!, issuer);
    expect(screen.pathname).toBe('/authorize');
    return { request, query: screen.searchParams };
  };
  const post = (server: TestServer, path: string, query: URLSearchParams | string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}?${query.toString()}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const login = (query: URLSearchParams, body: Record<string, unknown>) => post(app(), '/oauth2/login', query, { platform: 'web', ...body });
  /** Follows the login's redirect_uri (the provider's resume URL) to the app's redirect URI. */
  const followToApp = async (browser: Browser, redirect: string) => {
    const response = await browser.get(redirect);
    expect(response.status).toBe(303);
    return response.headers.get('location')!;
  };
  const signInAs = async (browser: Browser, email: string, third: ThirdPartyApp = client, extra: Record<string, string> = {}) => {
    const { request, query } = await startAt(browser, third, extra);
    const reply = await login(query, { email, password: OAUTH_PASSWORD });
    const json = (await reply.json()) as { data: { redirect_uri: string }; code: number; error: string | null };
    expect(json).toMatchObject({ code: 200, error: null });
    return { request, callback: await followToApp(browser, json.data.redirect_uri) };
  };

  it('publishes discovery with issuer = PUBLIC_URL, code flow and S256 only, and the endpoints', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      authorization_endpoint: `${issuer}/oidc/auth`,
      token_endpoint: `${issuer}/oidc/token`,
      userinfo_endpoint: `${issuer}/oidc/me`,
      jwks_uri: `${issuer}/oidc/jwks`,
      revocation_endpoint: `${issuer}/oidc/token/revocation`,
      introspection_endpoint: `${issuer}/oidc/token/introspection`,
    });
    expect(metadata.grant_types_supported).not.toContain('implicit');
    expect(metadata.grant_types_supported).not.toContain('password');
    const jwks = (await (await fetch(metadata.jwks_uri as string)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');
  });

  it('signs a user in: code + PKCE, ID token checked against the JWKS, userinfo, refresh (rotating), revocation', async () => {
    const browser = new Browser();
    const { request, callback } = await signInAs(browser, OAUTH_USERS.plain);
    expect(callback.startsWith(`${OAUTH_APP.redirectUri}?`)).toBe(true);
    expect(new URL(callback).searchParams.get('state')).toBe(request.state);
    const { tokens, claims } = await exchangeCode(client, callback, request);
    const verified = await verifyIdToken(client, tokens.id_token!);
    expect(verified).toMatchObject({ iss: issuer, aud: OAUTH_APP.clientId, email: OAUTH_USERS.plain, org_id: 'alpha' });
    expect(claims.sub).toBe(await app().userId(OAUTH_USERS.plain));
    expect(tokens.expires_in).toBe(3600);

    const info = await userInfo(client, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: claims.sub, email: OAUTH_USERS.plain, email_verified: true, name: 'Oauth User', org_id: 'alpha' });

    const refreshed = await refresh(client, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeDefined();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    // The old refresh token was consumed: using it again is refused, and revokes the grant (the new one too).
    expect(await refreshRaw(client, tokens.refresh_token!)).toBe(400);
    expect(await refreshRaw(client, refreshed.refresh_token!)).toBe(400);

    // A second sign-in, then revocation of its refresh token.
    const again = await signInAs(new Browser(), OAUTH_USERS.plain);
    const second = await exchangeCode(client, again.callback, again.request);
    await revoke(client, second.tokens.refresh_token!);
    expect(await refreshRaw(client, second.tokens.refresh_token!)).toBe(400);
  });

  it('lets a confidential client (client_secret_basic, secret stored hashed) introspect its tokens with the org claim', async () => {
    const confidential = await discover(issuer, OAUTH_CONFIDENTIAL.clientId, OAUTH_CONFIDENTIAL.redirectUri, OAUTH_CONFIDENTIAL.secret);
    const { request, callback } = await signInAs(new Browser(), OAUTH_USERS.plain, confidential, { scope: 'openid email' });
    const { tokens } = await exchangeCode(confidential, callback, request);
    const introspection = await introspect(confidential, tokens.access_token);
    expect(introspection).toMatchObject({ active: true, client_id: OAUTH_CONFIDENTIAL.clientId, org_id: 'alpha' });
    const wrongSecret = await discover(issuer, OAUTH_CONFIDENTIAL.clientId, OAUTH_CONFIDENTIAL.redirectUri, 'not-the-secret-0123456789abcdef-xx');
    await expect(introspect(wrongSecret, tokens.access_token)).rejects.toThrow();
    const [row] = await app().server.database.db.select({ secretHash: oauthClients.secretHash }).from(oauthClients).where(eq(oauthClients.clientId, OAUTH_CONFIDENTIAL.clientId));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);

    // A product's API (a confidential client) introspects the tokens of the app that calls it; a public app sees
    // nothing of another client's token, and no client revokes a token that is not its own.
    const other = await signInAs(new Browser(), OAUTH_USERS.plain);
    const publicTokens = (await exchangeCode(client, other.callback, other.request)).tokens;
    expect(await introspect(confidential, publicTokens.access_token)).toMatchObject({ active: true, client_id: OAUTH_APP.clientId });
    expect(await introspect(client, tokens.access_token)).toEqual({ active: false });
    await revoke(confidential, publicTokens.refresh_token!);
    expect(await refreshRaw(client, publicTokens.refresh_token!)).toBe(200);
  });

  it('refuses a wrong code_verifier and a replayed code (which also revokes the tokens it issued)', async () => {
    const first = await signInAs(new Browser(), OAUTH_USERS.plain);
    const wrong = await tokenRequestRaw(client, first.callback, 'x'.repeat(43));
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const second = await signInAs(new Browser(), OAUTH_USERS.plain);
    const { tokens } = await exchangeCode(client, second.callback, second.request);
    const replay = await tokenRequestRaw(client, second.callback, second.request.verifier);
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await refreshRaw(client, tokens.refresh_token!)).toBe(400);
  });

  it('lets one of a hundred parallel exchanges of one code win', async () => {
    const { request, callback } = await signInAs(new Browser(), OAUTH_USERS.plain);
    const results = await Promise.all(Array.from({ length: 100 }, () => tokenRequestRaw(client, callback, request.verifier)));
    expect(results.filter((result) => result.status === 200).length).toBe(1);
    expect(results.filter((result) => result.status !== 200 && result.status !== 400)).toEqual([]);
  });

  it('refuses an expired code', async () => {
    const { request, callback } = await signInAs(new Browser(), OAUTH_USERS.plain);
    // Time passes: the code's row expires (codes live 60 s).
    await app().server.database.db.update(oidcModels).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oidcModels.kind, 'AuthorizationCode'));
    const expired = await tokenRequestRaw(client, callback, request.verifier);
    expect(expired).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('never sends the browser to an unregistered redirect_uri or unknown client, nor without PKCE', async () => {
    const browser = new Browser();
    const bad = await authorizationRequest({ ...client, redirectUri: 'https://evil.example.com/cb' });
    const badResponse = await browser.get(bad.url);
    expect(badResponse.status).toBe(400);
    expect(badResponse.headers.get('location')).toBeNull();
    expect(await badResponse.text()).toContain('not registered for it');

    const unknown = await authorizationRequest({ ...client, client: { client_id: 'no-such-app' } });
    const unknownResponse = await browser.get(unknown.url);
    expect(unknownResponse.status).toBe(400);
    expect(await unknownResponse.text()).toContain('not registered with the portal');
    // In the visitor's language, the OAuth error code kept as the protocol wrote it for the app's developer.
    const hindi = await fetch(unknown.url, { redirect: 'manual', headers: { 'accept-language': 'hi-IN,hi;q=0.9' } });
    expect(hindi.status).toBe(400);
    const page = await hindi.text();
    expect(page).toContain('<html lang="hi" dir="ltr">');
    expect(page).toContain(`<h1>${hi['page.signInNotStarted']}</h1><p>${hi['message.appNotRegistered']}</p>`);
    expect(page).toContain('<code dir="ltr">invalid_client</code>');
    expect(page).toContain(`<a href="/login">${hi['page.goToPortal']}</a>`);

    const noPkce = await authorizationRequest(client);
    noPkce.url.searchParams.delete('code_challenge');
    noPkce.url.searchParams.delete('code_challenge_method');
    const noPkceResponse = await browser.get(noPkce.url);
    expect(noPkceResponse.status).toBe(400);
    expect(noPkceResponse.headers.get('location')).toBeNull();
    expect(await noPkceResponse.text()).toContain('PKCE');

    // After a valid redirect_uri, errors go back to the app (RFC 6749 §4.1.2.1).
    const badScope = await authorizationRequest(client, { prompt: 'none' });
    const scopeResponse = await browser.get(badScope.url);
    expect(scopeResponse.status).toBe(303);
    const back = new URL(scopeResponse.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(OAUTH_APP.redirectUri);
    expect(back.searchParams.get('error')).toBe('login_required');
    expect(back.searchParams.get('state')).toBe(badScope.state);
  });

  it('answers app-info with the name and logo, and 404 for an unknown app', async () => {
    const info = await fetch(`${app().url}/oauth2/app-info?client_id=${OAUTH_APP.clientId}&redirect_uri=x&code_challenge=y`);
    expect(await info.json()).toEqual({ data: { client_name: OAUTH_APP.name, client_logo: OAUTH_APP.logo }, error: null, code: 200 });
    const unknown = await fetch(`${app().url}/oauth2/app-info?client_id=nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 404, error: 'This application is not registered with the portal.' });
    const malformed = await fetch(`${app().url}/oauth2/app-info`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 400, data: { fields: ['query.client_id'] } });
  });

  it('refuses malformed logins with 400 and writes nothing', async () => {
    const { query } = await startAt(new Browser());
    const countRows = async () => (await app().server.database.db.select({ n: sql<number>`count(*)::int` }).from(oidcModels))[0]!.n;
    const before = await countRows();
    const cases: [URLSearchParams, unknown][] = [
      [query, 'not json'],
      [query, { email: OAUTH_USERS.plain }],
      [query, { email: OAUTH_USERS.plain, password: OAUTH_PASSWORD, platform: 'toaster' }],
      [query, { email: OAUTH_USERS.plain, password: OAUTH_PASSWORD, platform: 'web', otp: '12' }],
      [query, { email: OAUTH_USERS.plain, password: OAUTH_PASSWORD, platform: 'web', extra: true }],
      [new URLSearchParams({ client_id: OAUTH_APP.clientId }), { email: OAUTH_USERS.plain, password: OAUTH_PASSWORD, platform: 'web' }],
      [new URLSearchParams({ ...Object.fromEntries(query), uid: '../../etc' }), { email: OAUTH_USERS.plain, password: OAUTH_PASSWORD, platform: 'web' }],
      [query, { email: `a\u0000b`, password: OAUTH_PASSWORD, platform: 'web' }],
    ];
    for (const [q, body] of cases) {
      const response = await post(app(), '/oauth2/login', q, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 400, error: expect.any(String) });
    }
    expect(await countRows()).toBe(before);
    const [limits] = await app().server.database.db.select({ n: sql<number>`count(*)::int` }).from(rateLimits);
    expect(limits!.n).toBe(0);
  });

  it('answers wrong passwords and unknown accounts alike, and a link for another app 400', async () => {
    const { query } = await startAt(new Browser());
    const workOf = (since: number) => {
      const lines = app().logs.slice(since).map((line) => JSON.parse(line) as { event: string; name?: string; work?: { queries: number; hashes: number } });
      return lines.find((line) => line.event === 'http.call' && line.name === 'oauth2Login')?.work;
    };
    const sinceWrong = app().logs.length;
    const wrong = await login(query, { email: OAUTH_USERS.plain, password: 'Wrong#Pass123' });
    const sinceUnknown = app().logs.length;
    const unknown = await login(query, { email: 'nobody@mfa.test', password: 'Wrong#Pass123' });
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a).toEqual(b);
    expect(a).toMatchObject({ code: 403 });
    // Equal work: the same statements and argon2 operations, as the server counts them in each call's log line.
    expect(workOf(sinceWrong)).toEqual(workOf(sinceUnknown));
    expect(workOf(sinceWrong)?.hashes).toBe(1);
    const tampered = new URLSearchParams(query);
    tampered.set('redirect_uri', 'https://evil.example.com/cb');
    const mismatch = await login(tampered, { email: OAUTH_USERS.plain, password: OAUTH_PASSWORD });
    expect(mismatch.status).toBe(400);
  });

  it('asks for the company second factor, mails the code, and finishes with it; "Don\'t ask again" makes the next one skip it', async () => {
    await app().server.database.db.update(users).set({ mfaEmail: true }).where(eq(users.email, OAUTH_USERS.mail));
    const browser = new Browser();
    const { request, query } = await startAt(browser);
    const since = mail().messages.length;
    const first = await login(query, { email: OAUTH_USERS.mail, password: OAUTH_PASSWORD });
    expect(await first.json()).toEqual({ data: { isMultiFactorAuth: true, mayTrustDevice: true }, error: null, code: 200 });
    const code = codeIn(await mail().waitFor(OAUTH_USERS.mail, { since, match: withCode }));
    const wrongOtp = await login(query, { email: OAUTH_USERS.mail, password: OAUTH_PASSWORD, otp: code === '000000' ? '111111' : '000000', rememberDevice: true });
    expect(await wrongOtp.json()).toMatchObject({ code: 403, error: 'Invalid OTP' });
    const done = (await (await login(query, { email: OAUTH_USERS.mail, password: OAUTH_PASSWORD, otp: code, rememberDevice: true })).json()) as { data: { redirect_uri: string; deviceGrant?: string } };
    expect(done.data.deviceGrant).toEqual(expect.any(String));
    const callback = await followToApp(browser, done.data.redirect_uri);
    const { claims } = await exchangeCode(client, callback, request);
    expect(claims).toMatchObject({ email: OAUTH_USERS.mail });

    // The screen redeems the grant as the portal's code screen does: the browser gets the trusted-device cookie ...
    const trusted = await post(app(), DEVICE_TRUST_PATH, '', { grant: done.data.deviceGrant }, { 'user-agent': CHROME });
    expect(trusted.status).toBe(200);
    const cookie = /portal_device=([^;]+)/.exec(trusted.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toEqual(expect.any(String));
    // ... and with it the next app sign-in goes through on the password alone, with no code mailed; without it, asked again.
    const next = await startAt(new Browser());
    const sinceTrusted = mail().messages.length;
    const skipped = (await (await post(app(), '/oauth2/login', next.query, { platform: 'web', email: OAUTH_USERS.mail, password: OAUTH_PASSWORD }, { 'user-agent': CHROME, cookie: `portal_device=${cookie}` })).json()) as { data: { redirect_uri?: string; isMultiFactorAuth?: boolean } };
    expect(skipped.data).toMatchObject({ redirect_uri: expect.any(String) });
    expect(skipped.data.isMultiFactorAuth).toBeUndefined();
    const other = await startAt(new Browser());
    expect(await (await login(other.query, { email: OAUTH_USERS.mail, password: OAUTH_PASSWORD })).json()).toMatchObject({ data: { isMultiFactorAuth: true } });
    await mail().waitFor(OAUTH_USERS.mail, { since: sinceTrusted, match: withCode });
    expect(mail().messages.slice(sinceTrusted).filter((message) => message.to.includes(OAUTH_USERS.mail) && withCode(message))).toHaveLength(1);
  });

  it("asks for the second factor a user turned on for themselves, though no company of theirs requires one", async () => {
    const session = await app().connect({ token: await signIn(app(), OAUTH_USERS.own, OAUTH_PASSWORD) });
    await session.call('hrms|master|MFA|setup', { MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    const browser = new Browser();
    const { request, query } = await startAt(browser);
    const since = mail().messages.length;
    expect(await (await login(query, { email: OAUTH_USERS.own, password: OAUTH_PASSWORD })).json()).toEqual({ data: { isMultiFactorAuth: true, mayTrustDevice: true }, error: null, code: 200 });
    const code = codeIn(await mail().waitFor(OAUTH_USERS.own, { since, match: withCode }));
    const done = (await (await login(query, { email: OAUTH_USERS.own, password: OAUTH_PASSWORD, otp: code })).json()) as { data: { redirect_uri: string } };
    const { claims } = await exchangeCode(client, await followToApp(browser, done.data.redirect_uri), request);
    expect(claims).toMatchObject({ email: OAUTH_USERS.own });
  });

  it('stops an unverified account and a pending password change with a clear message', async () => {
    const { query } = await startAt(new Browser());
    expect(await (await login(query, { email: OAUTH_USERS.unverified, password: OAUTH_PASSWORD })).json()).toMatchObject({ code: 403, error: expect.stringContaining('not verified') });
    expect(await (await login(query, { email: OAUTH_USERS.forced, password: OAUTH_PASSWORD })).json()).toMatchObject({ code: 403, error: expect.stringContaining('change your password') });
  });

  it('requires membership of the orgId named in the request (else access_denied at the app), and puts it in the tokens', async () => {
    const outsider = new Browser();
    const { request: refusedRequest, query } = await startAt(outsider, client, { orgId: 'alpha' });
    expect(query.get('orgId')).toBe('alpha');
    const refused = (await (await login(query, { email: OAUTH_USERS.outsider, password: OAUTH_PASSWORD })).json()) as { data: { redirect_uri: string } };
    const back = new URL(await followToApp(outsider, refused.data.redirect_uri));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toContain('not a member of the organization');
    expect(back.searchParams.get('state')).toBe(refusedRequest.state);
    expect(back.searchParams.has('code')).toBe(false);
    // gamma's IP ranges exclude 127.0.0.1: a member from here is refused too (app-sign-in.test.ts has the rest).
    const fenced = new Browser();
    const { query: gamma } = await startAt(fenced, client, { orgId: 'gamma' });
    const gammaReply = (await (await login(gamma, { email: 'admin@alpha.test', password: 'Admin#Pass123' })).json()) as { data: { redirect_uri: string } };
    expect(new URL(await followToApp(fenced, gammaReply.data.redirect_uri)).searchParams.get('error')).toBe('access_denied');
    const browser = new Browser();
    const { request, callback } = await signInAs(browser, OAUTH_USERS.mail.replace('mail', 'plain'), client, { orgId: 'alpha' });
    expect((await exchangeCode(client, callback, request)).claims).toMatchObject({ org_id: 'alpha' });
  });

  it('continues as the signed-in portal user with their session (Continue as)', async () => {
    const token = await signIn(app(), OAUTH_USERS.plain, OAUTH_PASSWORD);
    const browser = new Browser();
    const { request, query } = await startAt(browser);
    const anonymous = await post(app(), '/oauth2/continue', query, {});
    expect(anonymous.status).toBe(401);
    const reply = (await (await post(app(), '/oauth2/continue', query, {}, { authorization: `Bearer ${token}` })).json()) as { data: { redirect_uri: string } };
    const callback = await followToApp(browser, reply.data.redirect_uri);
    expect((await exchangeCode(client, callback, request)).claims).toMatchObject({ email: OAUTH_USERS.plain });
  });

  it('holds the password limits of socket login against 100 parallel guesses at /oauth2/login', async () => {
    const { query } = await startAt(new Browser());
    const replies = await Promise.all(Array.from({ length: 100 }, () => login(query, { email: OAUTH_USERS.guesses, password: 'Wrong#Pass123' }).then((r) => r.status)));
    // The password budget (5 per identifier and address in 15 minutes) allows five checks; the rest are refused unchecked.
    expect(replies.filter((status) => status === 403).length).toBeLessThanOrEqual(5);
    expect(replies.filter((status) => status === 429).length).toBeGreaterThanOrEqual(95);
    // The same budget as socket login: the right password over the socket is refused now too.
    const socket = await app().connect();
    expect(await socket.emit('login', { identifier: OAUTH_USERS.guesses, password: OAUTH_PASSWORD, platform: 'web' })).toMatchObject({ code: 429 });
  });
});
