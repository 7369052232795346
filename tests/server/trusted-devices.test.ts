import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { organizations, trustedDevices } from '../../src/server/db/schema';
import { desktopUserAgent } from '../../src/shared/desktop-user-agent';
import { DEVICE_TRUST_PATH } from '../../src/shared/protocol/trusted-device-schemas';
import { codeIn, linkIn, withCode } from '../mail/smtp-receiver';
import { MFA_PASSWORD, multiFactorSeed } from './fixtures/multi-factor-seed';
import { describeEngines, useTestServerWithMail, resetLimits, type TestClient, type TestServer } from './harness';

// Issue 23 §3: "Don't ask again on this device for 30 days".

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const ELECTRON = desktopUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Suite Chat/1.4.0 Chrome/128.0.0.0 Electron/32.0.0 Safari/537.36', 'chat', '1.4.0');

const USERS = ['first', 'race', 'strict', 'change', 'reset', 'factor', 'desktop', 'other', 'all', 'alert', 'race.alert'] as const;
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const emailOf = (name: (typeof USERS)[number]) => `${name}.trust@mfa.test`;

function seed() {
  const value = multiFactorSeed();
  value.organizations.push(
    { orgId: 'trust-co', company: 'Trust Co', plan: { hrms: true }, mfa: { email: true, authenticatorApp: false } },
    { orgId: 'strict-co', company: 'Strict Co', plan: { hrms: true }, mfa: { email: true, authenticatorApp: false }, allowTrustedDevices: false },
  );
  for (const name of USERS) {
    const orgId = name === 'strict' ? 'strict-co' : name.includes('alert') ? 'alpha' : 'trust-co';
    value.users.push({ email: emailOf(name), password: MFA_PASSWORD, firstName: name, lastName: 'Trust', memberships: [{ orgId, role: 'member', productAccess: ['hrms'] }] });
  }
  return value;
}

/** The `portal_device` value a Set-Cookie header carries. */
const cookieValue = (header: string | null) => /portal_device=([^;]+)/.exec(header ?? '')?.[1] ?? null;

describeEngines('trusted devices', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, seed());
  beforeEach(async () => {
    await resetLimits(app());
  });

  const connect = (cookie?: string, userAgent = CHROME, auth?: { deviceToken?: string; token?: string }) =>
    app().connect(auth, { 'user-agent': userAgent, ...(cookie ? { cookie: `theme=dark; portal_device=${cookie}` } : {}) });
  const login = (client: TestClient, email: string, extra: Record<string, unknown> = {}) => client.emit('login', { identifier: email, password: MFA_PASSWORD, platform: 'web', ...extra });

  /** Work email as second factor, set up with the held login details (as /setup-multi-factor does). */
  const setUpEmailFactor = async (email: string) => {
    const client = await connect();
    await client.call('hrms|master|MFA|setup', { identifier: email, password: MFA_PASSWORD, MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    client.close();
  };

  /** A sign-in with the mailed code; returns the reply's data. */
  const passCode = async (client: TestClient, email: string, extra: Record<string, unknown> = {}) => {
    const since = mail().messages.length;
    const asked = await login(client, email);
    expect(asked).toMatchObject({ code: 200, data: { isCompanyMFA: true, isUserMFASetup: true } });
    const code = codeIn(await mail().waitFor(email, { since, match: withCode }));
    const passed = await login(client, email, { MFAType: 1, otp: code, ...extra });
    expect(passed).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    return { asked: asked.data!, passed: passed.data! };
  };

  const redeem = (server: TestServer, grant: unknown, userAgent = CHROME) =>
    fetch(`${server.url}${DEVICE_TRUST_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': userAgent }, body: JSON.stringify({ grant }) });

  /** Signs in with the box ticked and redeems the grant as the web renderer does; returns the cookie's token. */
  const trustThisDevice = async (email: string) => {
    const { passed } = await passCode(await connect(), email, { rememberDevice: true });
    expect(passed.deviceGrant).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const response = await redeem(app(), passed.deviceGrant);
    expect(response.status).toBe(200);
    const token = cookieValue(response.headers.get('set-cookie'));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return token!;
  };

  it('skips the second factor on a device trusted after one, for that user only, until it is revoked', async () => {
    const email = emailOf('first');
    await setUpEmailFactor(email);
    // Without the box ticked, no grant.
    const plain = await passCode(await connect(), email);
    expect(plain.asked).toMatchObject({ mayTrustDevice: true });
    expect(plain.passed).not.toHaveProperty('deviceGrant');

    const { passed } = await passCode(await connect(), email, { rememberDevice: true });
    const response = await redeem(app(), passed.deviceGrant);
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    // PUBLIC_URL is plain http in tests: a Secure cookie would never come back.
    expect(setCookie).not.toMatch(/Secure/i);
    const body = (await response.json()) as { data: Record<string, unknown> };
    // A browser never sees the token: only the cookie carries it.
    expect(Object.keys(body.data)).toEqual(['expiresAt']);
    expect(Date.parse(body.data.expiresAt as string) - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    const token = cookieValue(setCookie)!;
    // A grant is used once.
    expect((await redeem(app(), passed.deviceGrant)).status).toBe(403);

    // The same browser signs in again: no code, a session at once.
    const since = mail().messages.length;
    const again = await login(await connect(token), email);
    expect(again).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail().messages.slice(since).filter((m) => m.to.includes(email) && withCode(m))).toEqual([]);
    const signedIn = await connect(undefined, CHROME, { token: again.data!.token as string });
    await signedIn.call('authenticate', { token: again.data!.token as string });
    const history = await signedIn.call('getSignInHistory', { page: 1, pageSize: 20 });
    expect(history.list[0]).toMatchObject({ kind: 'sign-in', detail: 'password on a trusted device' });
    const { list } = await signedIn.call('getTrustedDevices', {});
    expect(list).toEqual([expect.objectContaining({ device: 'Chrome 126 on Windows 10', ip: '127.0.0.1', lastUsedAt: expect.any(String) })]);

    // Another user's sign-in from that browser still asks for their code.
    const otherEmail = emailOf('other');
    await setUpEmailFactor(otherEmail);
    expect((await login(await connect(token), otherEmail)).data).not.toHaveProperty('token');
    // A made-up cookie is no trusted device.
    expect((await login(await connect('A'.repeat(43)), email)).data).not.toHaveProperty('token');

    // Stop trusting it: the code is asked again; a second revoke finds nothing.
    await expect(signedIn.call('revokeTrustedDevice', { id: list[0]!.id })).resolves.toEqual({ success: true });
    expect(await signedIn.emit('revokeTrustedDevice', { id: list[0]!.id })).toMatchObject({ code: 404 });
    expect((await login(await connect(token), email)).data).toMatchObject({ isCompanyMFA: true, isUserMFASetup: true });
    expect((await signedIn.call('getTrustedDevices', {})).list).toEqual([]);
  });

  it('sets up one trusted device when a hundred redemptions of one grant race', async () => {
    const email = emailOf('race');
    await setUpEmailFactor(email);
    const { passed } = await passCode(await connect(), email, { rememberDevice: true });
    const responses = await Promise.all(Array.from({ length: 100 }, () => redeem(app(), passed.deviceGrant)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The rest are refused: the grant is used (403), or the address's linkCode budget is spent (429).
    expect(statuses.every((status) => status === 200 || status === 403 || status === 429)).toBe(true);
    expect(responses.filter((response) => cookieValue(response.headers.get('set-cookie')) !== null)).toHaveLength(1);
    const rows = await app().server.database.db.select().from(trustedDevices).where(eq(trustedDevices.userId, await app().userId(email)));
    expect(rows.filter((row) => row.tokenHash !== null)).toHaveLength(1);
  });

  it('trusts no device for a user of a company that forbids it', async () => {
    const email = emailOf('strict');
    await setUpEmailFactor(email);
    const { asked, passed } = await passCode(await connect(), email, { rememberDevice: true });
    expect(asked).toMatchObject({ mayTrustDevice: false });
    expect(passed).not.toHaveProperty('deviceGrant');
    expect((await redeem(app(), 'B'.repeat(43))).status).toBe(403);
    expect((await redeem(app(), 'not a grant')).status).toBe(400);
  });

  it('stops skipping when a company that requires the factor forbids trusted devices afterwards', async () => {
    const email = emailOf('all');
    await setUpEmailFactor(email);
    const token = await trustThisDevice(email);
    expect((await login(await connect(token), email)).data).toHaveProperty('token');
    const { db } = app().server.database;
    await db.update(organizations).set({ allowTrustedDevices: false }).where(eq(organizations.orgId, 'trust-co'));
    await expect.poll(async () => (await login(await connect(token), email)).data, { timeout: 5000 }).toMatchObject({ mayTrustDevice: false, isUserMFASetup: true });
    await db.update(organizations).set({ allowTrustedDevices: true }).where(eq(organizations.orgId, 'trust-co'));
  });

  it('revokes every trusted device at a password change, a password reset and a second-factor change', async () => {
    // A password change.
    const changer = emailOf('change');
    await setUpEmailFactor(changer);
    const changed = await trustThisDevice(changer);
    const session = await login(await connect(changed), changer);
    const client = await connect(changed, CHROME, { token: session.data!.token as string });
    await client.call('authenticate', { token: session.data!.token as string });
    await client.call('hrms|myPassword|update', { oldPassword: MFA_PASSWORD, newPassword: 'Factor#Pass456' });
    expect((await client.emit('login', { identifier: changer, password: 'Factor#Pass456', platform: 'web' })).data).not.toHaveProperty('token');

    // A password reset by the mailed link.
    const resetter = emailOf('reset');
    await setUpEmailFactor(resetter);
    const reset = await trustThisDevice(resetter);
    const since = mail().messages.length;
    await (await connect()).call('forgotPassword', { email: resetter });
    const link = linkIn(await mail().waitFor(resetter, { since }), '/reset/');
    await (await connect()).call('resetPassword', { code: link.split('/reset/')[1]!, password: 'Factor#Pass789', cpassword: 'Factor#Pass789' });
    expect((await (await connect(reset)).emit('login', { identifier: resetter, password: 'Factor#Pass789', platform: 'web' })).data).not.toHaveProperty('token');

    // A change of the second factor.
    const factor = emailOf('factor');
    await setUpEmailFactor(factor);
    const trusted = await trustThisDevice(factor);
    const reply = await login(await connect(trusted), factor);
    const signedIn = await connect(trusted, CHROME, { token: reply.data!.token as string });
    await signedIn.call('authenticate', { token: reply.data!.token as string });
    await signedIn.call('hrms|master|MFA|setup', { MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    expect((await login(await connect(trusted), factor)).data).not.toHaveProperty('token');
  });

  it('gives a desktop app the token for its keychain, which it sends in the handshake', async () => {
    const email = emailOf('desktop');
    await setUpEmailFactor(email);
    const { passed } = await passCode(await connect(undefined, ELECTRON), email, { rememberDevice: true, platform: 'desktop', appVersion: '1.4.0' });
    const response = await redeem(app(), passed.deviceGrant, ELECTRON);
    const body = (await response.json()) as { data: { token?: string } };
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const desktop = await connect(undefined, ELECTRON, { deviceToken: body.data.token });
    expect((await login(desktop, email, { platform: 'desktop', appVersion: '1.4.0' })).data).toHaveProperty('token');
  });

  describe('new-device alerts', () => {
    const plainLogin = (client: TestClient, email: string) => client.call('login', { identifier: email, password: MFA_PASSWORD, platform: 'web' });
    /** Signs the user in from a fresh connection (no second factor: their company is alpha only). */
    const signInFrom = async (email: string, userAgent: string) => {
      const client = await connect(undefined, userAgent);
      const reply = await plainLogin(client, email);
      return { client, token: reply.token! };
    };

    it('mails the owner about a sign-in from a new device and browser, never about the first or a known one', async () => {
      const email = 'alert.trust@mfa.test';
      const since = mail().messages.length;
      await signInFrom(email, CHROME);
      await signInFrom(email, CHROME);
      const fromSafari = await signInFrom(email, SAFARI);
      const alert = await mail().waitFor(email, { since, match: (m) => m.subject.startsWith('New sign-in') });
      expect(alert.text).toContain('Device: Safari 17 on macOS Sonoma');
      expect(alert.text).toContain('Address: 127.0.0.1');
      expect(alert.text).toMatch(/Time: \w{3}, \d{2} \w{3} \d{4}/);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // One alert only: the first sign-in and the second Chrome one are not news.
      expect(mail().messages.slice(since).filter((m) => m.to.includes(email) && m.subject.startsWith('New sign-in'))).toHaveLength(1);

      // "This was not me": that session ends, a reset link is mailed; the link works once.
      const code = linkIn(alert, '/not-me/').split('/not-me/')[1]!;
      const before = mail().messages.length;
      await expect((await connect()).call('reportNotMe', { code })).resolves.toEqual({ success: true });
      expect((await (await app().connect({ token: fromSafari.token })).emit('getWorkspaceList', {})).code).toBe(401);
      const reset = await mail().waitFor(email, { since: before, match: (m) => m.text.includes('/reset/') });
      expect(linkIn(reset, '/reset/')).toMatch(/\/reset\/[A-Za-z0-9_-]{43}$/);
      expect(await (await connect()).emit('reportNotMe', { code })).toMatchObject({ code: 403 });
    });

    it('takes one "This was not me" of a hundred sent at once', async () => {
      const email = 'race.alert.trust@mfa.test';
      const since = mail().messages.length;
      await signInFrom(email, CHROME);
      await signInFrom(email, SAFARI);
      const code = linkIn(await mail().waitFor(email, { since, match: (m) => m.subject.startsWith('New sign-in') }), '/not-me/').split('/not-me/')[1]!;
      const client = await connect();
      const replies = await Promise.all(Array.from({ length: 100 }, () => client.emit('reportNotMe', { code })));
      expect(replies.filter((reply) => reply.code === 200)).toHaveLength(1);
      // The others: the link is used (403), or the address's linkCode budget is spent (429).
      expect(replies.every((reply) => [200, 403, 429].includes(reply.code))).toBe(true);
    });
  });
});
