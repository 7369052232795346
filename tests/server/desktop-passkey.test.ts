import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { relyingParty } from '../../src/server/auth/passkeys';
import { sessions } from '../../src/server/db/schema';
import { PASSKEY_REFUSED } from '../../src/server/handlers/passkeys';
import { DESKTOP_PASSKEY_CODE_REFUSED, pkceChallengeOf } from '../../src/server/sign-in/desktop-passkey';
import { desktopUserAgent } from '../../src/shared/desktop-user-agent';
import { DEVICE_TRUST_PATH } from '../../src/shared/protocol/trusted-device-schemas';
import { codeIn, withCode } from '../mail/smtp-receiver';
import { burst, tally, times } from './attack';
import { passkeySeed } from './fixtures/passkey-seed';
import { describeEngines, useTestServerWithMail, type TestClient } from './harness';
import { SoftwareAuthenticator } from './software-authenticator';

// A desktop app's passkey sign-in in the system browser (issue 23 §2, RFC 8252 with PKCE): the browser page checks the
// passkey on the portal's origin and gets a single-use code bound to the app's challenge; the app redeems it with its
// verifier on its own connection, and the account goes through the same required steps as every other way in.

const PASSWORD = 'Desktop#Pass123';
const OPEN = ['ann', 'bob', 'cat', 'dan'].map((name) => `${name}@open.test`);
const STRICT = ['flo', 'gil'].map((name) => `${name}@strict.test`);
const SEED = passkeySeed(PASSWORD, { open: OPEN, strict: STRICT });

const ELECTRON = desktopUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Suite Chat/2.0.1 Chrome/142.0.0.0 Electron/45.4.1 Safari/537.36', 'chat', '2.0.1');
let addressCounter = 0;
/** A machine of its own (TEST-NET-3 address, as the proxy in front reports it): the system browser and the app share it. */
const freshMachine = () => `198.51.100.${++addressCounter}`;

/** The app's PKCE pair, as main makes it: a random verifier and its S256 challenge. */
const pkce = () => {
  const codeVerifier = randomBytes(32).toString('base64url');
  return { codeVerifier, codeChallenge: pkceChallengeOf(codeVerifier) };
};

describeEngines('passkeys: a desktop app signs in through the system browser', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, SEED, { TRUST_PROXY: '1' });
  const rp = () => relyingParty(app().server.services.config.publicUrl);
  const db = () => app().server.database.db;

  const browserOn = (machine: string) => app().connect(undefined, { 'x-forwarded-for': machine });
  const appOn = (machine: string, deviceToken?: string) => app().connect(deviceToken ? { deviceToken } : undefined, { 'x-forwarded-for': machine, 'user-agent': ELECTRON });

  /** A connection opened with a session's token, as a client continues after a sign-in (the handshake signs it in). */
  const withSession = (token: string, machine: string, userAgent?: string) =>
    app().connect({ token }, { 'x-forwarded-for': machine, ...(userAgent ? { 'user-agent': userAgent } : {}) });

  /** Signs in with the password (and the mailed code for Strict Co, set up on the way) and registers a passkey. */
  async function enroll(email: string, options: { userVerified?: boolean } = {}): Promise<SoftwareAuthenticator> {
    const machine = freshMachine();
    const signingIn = await browserOn(machine);
    let since = mail().messages.length;
    const first = await signingIn.call('login', { identifier: email, password: PASSWORD, platform: 'web' });
    let token = first.token;
    if (!token) {
      if (!first.isUserMFASetup) {
        // Set up first; the next login mails the code.
        await signingIn.call('hrms|master|MFA|setup', { identifier: email, password: PASSWORD, MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
        since = mail().messages.length;
        await signingIn.call('login', { identifier: email, password: PASSWORD, platform: 'web' });
      }
      const otp = codeIn(await mail().waitFor(email, { since, match: withCode }));
      token = (await signingIn.call('login', { identifier: email, password: PASSWORD, platform: 'web', MFAType: 1, otp })).token;
    }
    signingIn.close();
    const client = await withSession(token!, machine);
    const authenticator = new SoftwareAuthenticator({ origin: rp().origin, ...options });
    const { challengeId, options: creation } = await client.call('getPasskeyRegistrationOptions', undefined);
    await client.call('registerPasskey', { challengeId, name: 'Laptop', response: authenticator.register(creation as never) });
    client.close();
    return authenticator;
  }

  /** The system browser's page: the passkey answers there, and the page gets the code for the app. */
  async function codeFromBrowser(browser: TestClient, authenticator: SoftwareAuthenticator, codeChallenge: string): Promise<string> {
    const { challengeId, options } = await browser.call('getPasskeySignInOptions', undefined);
    return (await browser.call('passkeyDesktopCode', { challengeId, response: authenticator.assert(options as never), codeChallenge })).code;
  }

  const liveSessions = async (email: string) =>
    (await db().select({ id: sessions.id }).from(sessions).where(and(eq(sessions.userId, await app().userId(email)), isNull(sessions.revokedAt)))).length;
  const refused = { code: 403, error: DESKTOP_PASSKEY_CODE_REFUSED };

  it('signs the app in with the code and its verifier: the app has the session, the browser page none', async () => {
    const email = OPEN[0]!;
    const authenticator = await enroll(email);
    const machine = freshMachine();
    const { codeVerifier, codeChallenge } = pkce();
    const browser = await browserOn(machine);
    const code = await codeFromBrowser(browser, authenticator, codeChallenge);

    const signingIn = await appOn(machine);
    const reply = await signingIn.call('passkeyDesktopLogin', { code, codeVerifier, platform: 'desktop', appVersion: '2.0.1' });
    expect(reply).toMatchObject({ token: expect.any(String), email, planAccess: expect.any(Object) });
    // The app goes on with the token.
    const desktop = await withSession(reply.token!, machine, ELECTRON);
    expect((await desktop.call('getWorkspaceList', {})).list.map((org) => org.orgId)).toEqual(['open']);
    const [session] = (await desktop.call('getSessionList', undefined)).list.filter((entry) => entry.current);
    expect(session).toMatchObject({ platform: 'desktop', appFlavor: 'chat', appVersion: '2.0.1' });
    const history = await desktop.call('getSignInHistory', { filter: { kinds: ['sign-in'] } });
    expect(history.list[0]).toMatchObject({ kind: 'sign-in', detail: 'a passkey with user verification' });
    // The browser page's connection was never signed in; the code is no session token either.
    expect((await browser.emit('getWorkspaceList', {})).code).toBe(401);
    expect((await (await app().connect({ token: code })).emit('getWorkspaceList', {})).code).toBe(401);
    // Spent: a second redemption, even with the right verifier, gets the one sentence.
    expect(await (await appOn(machine)).emit('passkeyDesktopLogin', { code, codeVerifier, platform: 'desktop' })).toMatchObject(refused);
  });

  it('refuses a wrong verifier and spends the code with it; refuses a forged code and a refused passkey', async () => {
    const email = OPEN[1]!;
    const authenticator = await enroll(email);
    const machine = freshMachine();
    const { codeVerifier, codeChallenge } = pkce();
    const code = await codeFromBrowser(await browserOn(machine), authenticator, codeChallenge);
    const desktop = await appOn(machine);
    expect(await desktop.emit('passkeyDesktopLogin', { code, codeVerifier: pkce().codeVerifier, platform: 'desktop' })).toMatchObject(refused);
    expect(await desktop.emit('passkeyDesktopLogin', { code, codeVerifier, platform: 'desktop' })).toMatchObject(refused);

    // A code with a changed payload (another account, the same signature) and a sign-in ticket are no codes.
    const fresh = pkce();
    const genuine = await codeFromBrowser(await browserOn(machine), authenticator, fresh.codeChallenge);
    const [head, body, signature] = genuine.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = [head, Buffer.from(JSON.stringify({ ...claims, sub: await app().userId(OPEN[2]!) })).toString('base64url'), signature].join('.');
    expect(await desktop.emit('passkeyDesktopLogin', { code: forged, codeVerifier: fresh.codeVerifier, platform: 'desktop' })).toMatchObject(refused);
    const ticket = app().server.services.sessions.issueTicket(await app().userId(email), { method: 'passkey', amr: ['hwk'], detail: 'a passkey' }, 600);
    expect(await desktop.emit('passkeyDesktopLogin', { code: ticket, codeVerifier: fresh.codeVerifier, platform: 'desktop' })).toMatchObject(refused);
    // The genuine one still works: the refusals above did not spend it.
    expect((await desktop.call('passkeyDesktopLogin', { code: genuine, codeVerifier: fresh.codeVerifier, platform: 'desktop' })).token).toEqual(expect.any(String));

    // A passkey the portal never registered gets no code at all.
    const stranger = new SoftwareAuthenticator({ origin: rp().origin });
    stranger.register({ challenge: 'x', rp: { id: rp().id }, user: { id: 'AAAAAAAAAAAAAAAAAAAAAA' } });
    const browser = await browserOn(machine);
    const { challengeId, options } = await browser.call('getPasskeySignInOptions', undefined);
    expect(await browser.emit('passkeyDesktopCode', { challengeId, response: stranger.assert(options as never), codeChallenge: fresh.codeChallenge })).toMatchObject({
      code: 403,
      error: PASSKEY_REFUSED,
    });
  });

  it('opens one session for 100 parallel redemptions of one code', async () => {
    const email = OPEN[3]!;
    const authenticator = await enroll(email);
    const machine = freshMachine();
    const { codeVerifier, codeChallenge } = pkce();
    const code = await codeFromBrowser(await browserOn(machine), authenticator, codeChallenge);
    const before = await liveSessions(email);
    const replies = await burst(app(), times(100, ['passkeyDesktopLogin', { code, codeVerifier, platform: 'desktop' }]), { headers: { 'x-forwarded-for': machine, 'user-agent': ELECTRON } });
    const counts = tally(replies);
    expect(counts[200]).toBe(1);
    // The rest: the code was spent (403), or the address's passkeySignIn budget (50) refused them first (429).
    expect((counts[403] ?? 0) + (counts[429] ?? 0)).toBe(99);
    expect(new Set(replies.filter((reply) => reply.code === 403).map((reply) => reply.error))).toEqual(new Set([DESKTOP_PASSKEY_CODE_REFUSED]));
    expect(await liveSessions(email)).toBe(before + 1);
  });

  it('walks the same required steps: the company asks an unverified passkey for its second factor, and a trusted app skips it', async () => {
    const email = STRICT[0]!;
    const authenticator = await enroll(email, { userVerified: false });
    const machine = freshMachine();
    let pair = pkce();
    const desktop = await appOn(machine);
    const since = mail().messages.length;
    const asked = await desktop.call('passkeyDesktopLogin', { code: await codeFromBrowser(await browserOn(machine), authenticator, pair.codeChallenge), codeVerifier: pair.codeVerifier, platform: 'desktop' });
    expect(asked).toMatchObject({ isCompanyMFA: true, isUserMFASetup: true, MFAType: 1, ticket: expect.any(String) });
    expect(asked).not.toHaveProperty('token');
    const otp = codeIn(await mail().waitFor(email, { since, match: withCode }));
    const passed = await desktop.call('continueSignIn', { ticket: asked.ticket!, MFAType: 1, otp, rememberDevice: true, platform: 'desktop' });
    expect(passed).toMatchObject({ token: expect.any(String), deviceGrant: expect.any(String) });
    const history = await (await withSession(passed.token!, machine, ELECTRON)).call('getSignInHistory', { filter: { kinds: ['sign-in'] } });
    expect(history.list[0]!.detail).toBe('a passkey and work email code');

    // The app keeps the device token (its keychain) and sends it in its next handshake: no second factor asked.
    const trusted = await fetch(`${app().url}${DEVICE_TRUST_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': ELECTRON }, body: JSON.stringify({ grant: passed.deviceGrant }) });
    const deviceToken = ((await trusted.json()) as { data: { token: string } }).data.token;
    pair = pkce();
    const next = await appOn(machine, deviceToken);
    const again = await next.call('passkeyDesktopLogin', { code: await codeFromBrowser(await browserOn(machine), authenticator, pair.codeChallenge), codeVerifier: pair.codeVerifier, platform: 'desktop' });
    expect(again.token).toEqual(expect.any(String));
    expect((await (await withSession(again.token!, machine, ELECTRON)).call('getSignInHistory', { filter: { kinds: ['sign-in'] } })).list[0]!.detail).toBe('a passkey on a trusted device');
  });
});
