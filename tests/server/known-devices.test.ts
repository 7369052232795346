import { describe, expect, it } from 'vitest';
import { DEVICE_TRUST_PATH } from '../../src/shared/protocol/trusted-device-schemas';
import { MESSAGES } from '../../src/shared/validation/messages';
import { codeIn, linkIn, withCode } from '../mail/smtp-receiver';
import { callLines, type Shot } from './attack';
import { MFA_PASSWORD, multiFactorSeed } from './fixtures/multi-factor-seed';
import { describeEngines, engineSkipped, redisSkipped, TEST_REDIS_URL, useTestServerWithMail, type Engine, type RawEnvelope, type TestClient } from './harness';

// Issue 23 §3: "Known devices are never locked out by failures coming from unknown ones: the per-account lock of the
// `password` budget applies to unknown devices first." A known device is a live trusted device of the account the
// identifier names (the `portal_device` cookie); the server trusts one proxy hop (TRUST_PROXY=1) and each client
// plays its own address through X-Forwarded-For, as a proxy would append it.

const WRONG = 'Wrong#Pass999';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
/** The subject rule's refusal (20 an hour, locked 60 minutes) and the per-address rules' (15 minutes). */
const SUBJECT_LOCK = MESSAGES.tooManyAttempts(60 * 60);
const PAIR_LOCK = MESSAGES.tooManyAttempts(15 * 60);
const BUSY = /^The server is busy\. Try again in \d+ seconds?\.$/;

const USERS = ['locked', 'own', 'revoked', 'other', 'work'] as const;
const emailOf = (name: (typeof USERS)[number]) => `${name}.known@mfa.test`;

function seed() {
  const value = multiFactorSeed();
  value.organizations.push({ orgId: 'known-co', company: 'Known Co', plan: { hrms: true }, mfa: { email: true, authenticatorApp: false } });
  for (const name of USERS) {
    value.users.push({ email: emailOf(name), password: MFA_PASSWORD, firstName: name, lastName: 'Known', memberships: [{ orgId: 'known-co', role: 'member', productAccess: ['hrms'] }] });
  }
  return value;
}

/** The `portal_device` value a Set-Cookie header carries. */
const cookieValue = (header: string | null) => /portal_device=([^;]+)/.exec(header ?? '')?.[1] ?? null;

function knownDeviceSuite(engine: Engine, env: Record<string, string>) {
  const { app, mail } = useTestServerWithMail(engine, seed(), { TRUST_PROXY: '1', ...env });

  /** A connection from `address`, carrying a trusted-device cookie when given one. */
  const from = (address: string, cookie?: string, userAgent = CHROME) =>
    app().connect(undefined, { 'x-forwarded-for': address, 'user-agent': userAgent, ...(cookie ? { cookie: `theme=dark; portal_device=${cookie}` } : {}) });
  const login = (client: TestClient, email: string, password: string, extra: Record<string, unknown> = {}) => client.emit('login', { identifier: email, password, platform: 'web', ...extra });
  const strip = ({ data, error, code }: RawEnvelope) => ({ data, error, code });

  /** Work email as second factor, set up with the held login details (as /setup-multi-factor does). */
  const setUpEmailFactor = async (email: string) => {
    const client = await from('192.0.2.1');
    await client.call('hrms|master|MFA|setup', { identifier: email, password: MFA_PASSWORD, MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    client.close();
  };

  /** A sign-in with the mailed code on `client`; returns the passed reply's data. */
  const passCode = async (client: TestClient, email: string, extra: Record<string, unknown> = {}) => {
    const since = mail().messages.length;
    expect(await login(client, email, MFA_PASSWORD)).toMatchObject({ code: 200, data: { isCompanyMFA: true, isUserMFASetup: true } });
    const code = codeIn(await mail().waitFor(email, { since, match: withCode }));
    const passed = await login(client, email, MFA_PASSWORD, { MFAType: 1, otp: code, ...extra });
    expect(passed).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    return passed.data!;
  };

  /** Signs in with "Don't ask again" ticked and redeems the grant at POST /device-trust as the renderer does: the cookie's token. */
  const trustDevice = async (email: string, address: string, userAgent = CHROME) => {
    const passed = await passCode(await from(address, undefined, userAgent), email, { rememberDevice: true });
    const response = await fetch(`${app().url}${DEVICE_TRUST_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent, 'x-forwarded-for': address },
      body: JSON.stringify({ grant: passed.deviceGrant }),
    });
    expect(response.status).toBe(200);
    const token = cookieValue(response.headers.get('set-cookie'));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return token!;
  };

  /** Five wrong passwords from each address (the most one address may try; the sixth is the pair rule's 429). */
  const guessFrom = async (addresses: string[], email: string, cookie?: string) => {
    for (const address of addresses) {
      const client = await from(address, cookie);
      for (let i = 0; i < 5; i += 1) expect((await login(client, email, WRONG)).code).toBe(403);
      expect(strip(await login(client, email, WRONG))).toMatchObject({ code: 429, error: PAIR_LOCK, data: { retryAfter: 900 } });
      client.close();
    }
  };

  /** `count` wrong passwords at once over 25 connections, each from its own address (4 each: the pair rule never refuses). */
  const burstFrom = async (prefix: string, email: string, count: number, cookie?: string) => {
    const clients = await Promise.all(Array.from({ length: 25 }, (_, index) => from(`${prefix}.${index + 1}`, cookie)));
    const shot: Shot = ['login', { identifier: email, password: WRONG, platform: 'web' }];
    try {
      return await Promise.all(Array.from({ length: count }, (_, index) => clients[index % clients.length]!.emit(shot[0], shot[1])));
    } finally {
      for (const client of clients) client.close();
    }
  };

  /** Every reply was checked (403), refused by the subject rule (60 minutes) or by the busy server; never anything else. */
  const expectSubjectRefusals = (replies: RawEnvelope[]) => {
    for (const reply of replies) {
      if (reply.code === 403) continue;
      expect(reply.code).toBe(429);
      if (reply.error === SUBJECT_LOCK) expect(reply.data?.retryAfter).toBeGreaterThan(59 * 60);
      else expect(reply.error).toMatch(BUSY);
    }
    return replies.filter((reply) => reply.code === 403).length;
  };

  it('failures from unknown devices, 100 of them at once, lock unknown devices only: the trusted device still signs in', async () => {
    const email = emailOf('locked');
    await setUpEmailFactor(email);
    const trusted = await trustDevice(email, '198.51.100.20');
    const since = mail().messages.length;

    // 15 wrong passwords from three addresses (each stopped by its own pair rule), then 100 at once from 25 more.
    await guessFrom(['203.0.113.1', '203.0.113.2', '203.0.113.3'], email);
    const burst = await burstFrom('203.0.114', email, 100);
    const checked = expectSubjectRefusals(burst);
    expect(checked).toBeLessThanOrEqual(5);
    // However busy the server was, some of the burst reached the limits (the busy refusal comes before them).
    expect(burst.filter((reply) => !BUSY.test(reply.error ?? '')).length).toBeGreaterThan(0);
    // Whatever the busy server turned away, a few more from further addresses reach the lock: 20 checks in all, at most.
    let more = 0;
    for (let i = 0; i < 10; i += 1) {
      const reply = await login(await from(`203.0.115.${i + 1}`), email, WRONG);
      if (reply.code === 429 && reply.error === SUBJECT_LOCK) break;
      expect(reply.code).toBe(403);
      more += 1;
    }
    expect(15 + checked + more).toBeLessThanOrEqual(20);

    // Unknown callers, even with the right password, and even at the trusted device's own address: the subject rule's 429.
    const unknown = await login(await from('203.0.113.99'), email, MFA_PASSWORD);
    expect(unknown).toMatchObject({ code: 429, error: SUBJECT_LOCK, data: { retryAfter: expect.any(Number) } });
    expect(unknown.data!.retryAfter).toBeGreaterThan(59 * 60);
    expect(strip(await login(await from('198.51.100.20'), email, MFA_PASSWORD))).toEqual(strip(unknown));
    // A made-up cookie is an unknown device.
    expect((await login(await from('198.51.100.20', 'A'.repeat(43)), email, MFA_PASSWORD)).error).toBe(SUBJECT_LOCK);

    // The trusted device signs in with the right password, skipping the code as a trusted device does.
    const owner = await login(await from('198.51.100.20', trusted), email, MFA_PASSWORD);
    expect(owner).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    // The same token sent in the handshake, as a desktop app sends it, is the same known device.
    const desktop = await app().connect({ deviceToken: trusted }, { 'x-forwarded-for': '198.51.100.22' });
    expect(await login(desktop, email, MFA_PASSWORD)).toMatchObject({ code: 200, data: { token: expect.any(String) } });

    // The owner was still mailed the link that lifts the unknown devices' lock.
    const unlock = await mail().waitFor(email, { since, match: (m) => m.subject.startsWith('Sign-in to your account was paused') });
    expect(unlock.text.replace(/\s+/g, ' ')).toContain('signing in is paused for up to an hour, except on devices where you chose "Don\'t ask again on this device"');
    const code = linkIn(unlock, '/unlock/').split('/unlock/')[1]!;
    const elsewhere = await from('198.51.100.21');
    expect(await elsewhere.call('unlockAccount', { code })).toEqual({ success: true });
    expect(await login(elsewhere, email, MFA_PASSWORD)).toMatchObject({ code: 200, data: { isCompanyMFA: true } });
  });

  it("a trusted device's own wrong passwords lock that device only, never the other devices; the unlock link lifts it", async () => {
    const email = emailOf('own');
    await setUpEmailFactor(email);
    const laptop = await trustDevice(email, '198.51.100.30');
    const phone = await trustDevice(email, '198.51.100.31', SAFARI);
    const since = mail().messages.length;

    // The pair rule holds for a trusted device too: five wrong ones at one address, then 15 minutes.
    await guessFrom(['203.0.116.1'], email, laptop);
    // 100 at once from 25 addresses on the laptop: its own key of the subject rule (20 an hour) stops them.
    const checked = expectSubjectRefusals(await burstFrom('203.0.117', email, 100, laptop));
    let more = 0;
    for (let i = 0; i < 20; i += 1) {
      const reply = await login(await from(`203.0.118.${i + 1}`, laptop), email, WRONG);
      if (reply.code === 429 && reply.error === SUBJECT_LOCK) break;
      expect(reply.code).toBe(403);
      more += 1;
    }
    expect(5 + checked + more).toBeLessThanOrEqual(20);
    const locked = await login(await from('198.51.100.30', laptop), email, MFA_PASSWORD);
    expect(locked).toMatchObject({ code: 429, error: SUBJECT_LOCK });

    // The phone (another trusted device) and unknown devices are not locked by the laptop's failures.
    expect(await login(await from('198.51.100.31', phone, SAFARI), email, MFA_PASSWORD)).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    const unknown = await from('198.51.100.32');
    const session = await passCode(unknown, email);

    // The owner's sign-in history names the lock.
    await expect
      .poll(async () => {
        const reader = await app().connect({ token: session.token as string });
        const { list } = await reader.call('getSignInHistory', { page: 1, pageSize: 20, filter: { kinds: ['locked'] } });
        reader.close();
        return list.filter((entry) => entry.kind === 'locked').map((entry) => entry.detail);
      })
      .toContain('Too many wrong passwords on one trusted device; paused for 60 minutes');

    // The unlock link mailed for the lock lifts the laptop's lock too.
    const unlock = await mail().waitFor(email, { since, match: (m) => m.subject.startsWith('Sign-in to your account was paused') });
    expect(unlock.text.replace(/\s+/g, ' ')).toContain('so signing in on that device is paused for up to an hour');
    const code = linkIn(unlock, '/unlock/').split('/unlock/')[1]!;
    expect(await (await from('198.51.100.33')).call('unlockAccount', { code })).toEqual({ success: true });
    expect(await login(await from('198.51.100.30', laptop), email, MFA_PASSWORD)).toMatchObject({ code: 200, data: { token: expect.any(String) } });
  });

  it("a revoked trusted device, or another account's, is an unknown device", async () => {
    const email = emailOf('revoked');
    const otherEmail = emailOf('other');
    await setUpEmailFactor(email);
    await setUpEmailFactor(otherEmail);
    const kept = await trustDevice(email, '198.51.100.40');
    const revoked = await trustDevice(email, '198.51.100.41', SAFARI);
    const othersDevice = await trustDevice(otherEmail, '198.51.100.42');

    // The owner stops trusting the Safari one from the security center.
    const signedIn = await login(await from('198.51.100.40', kept), email, MFA_PASSWORD);
    const center = await app().connect({ token: signedIn.data!.token as string }, { 'x-forwarded-for': '198.51.100.40' });
    const { list } = await center.call('getTrustedDevices', {});
    const safari = list.find((device) => device.device.startsWith('Safari'))!;
    expect(await center.call('revokeTrustedDevice', { id: safari.id })).toEqual({ success: true });

    // Before the lock, the revoked device's wrong passwords count as an unknown device's, with everyone else's.
    await guessFrom(['203.0.119.1'], email, revoked);
    await guessFrom(['203.0.119.2', '203.0.119.3', '203.0.119.4'], email);
    expect(await login(await from('203.0.119.5'), email, WRONG)).toMatchObject({ code: 429, error: SUBJECT_LOCK });

    expect(await login(await from('198.51.100.41', revoked, SAFARI), email, MFA_PASSWORD)).toMatchObject({ code: 429, error: SUBJECT_LOCK });
    expect(await login(await from('198.51.100.42', othersDevice), email, MFA_PASSWORD)).toMatchObject({ code: 429, error: SUBJECT_LOCK });
    expect(await login(await from('198.51.100.40', kept), email, MFA_PASSWORD)).toMatchObject({ code: 200, data: { token: expect.any(String) } });
  });

  it('looks a device up only for a caller with a device cookie, with the same reply and work whether the account exists or not', async () => {
    const email = emailOf('work');
    await setUpEmailFactor(email);
    const device = await trustDevice(email, '198.51.100.50');
    const observe = async (identifier: string, cookie?: string) => {
      const client = await from('198.51.100.51', cookie);
      const since = app().logs.length;
      const reply = await login(client, identifier, WRONG);
      client.close();
      await expect.poll(() => callLines(app(), 'login', since).length).toBe(1);
      return { reply: strip(reply), queries: callLines(app(), 'login', since)[0]!.work.queries };
    };
    const plain = await observe(email);
    const plainUnknown = await observe('nobody.known@mfa.test');
    const known = await observe(email, device);
    const knownUnknown = await observe('nobody.known@mfa.test', device);
    expect(plain.reply).toMatchObject({ code: 403, error: MESSAGES.invalidCredentials });
    for (const observed of [plainUnknown, known, knownUnknown]) expect(observed.reply).toEqual(plain.reply);
    expect(plainUnknown.queries).toBe(plain.queries);
    // One indexed lookup of the cookie's token, whether the identifier names an account or not.
    expect(known.queries).toBe(plain.queries + 1);
    expect(knownUnknown.queries).toBe(known.queries);
  });
}

describeEngines('known devices are never locked out by failures from unknown ones', (engine) => knownDeviceSuite(engine, {}));

describe.skipIf(engineSkipped('postgres') || redisSkipped)('known devices are never locked out by failures from unknown ones [postgres, counters in Redis]', () =>
  knownDeviceSuite('postgres', { REDIS_URL: TEST_REDIS_URL }),
);
