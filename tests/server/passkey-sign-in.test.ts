import { and, eq, isNull } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { relyingParty } from '../../src/server/auth/passkeys';
import { sessions, webauthnChallenges } from '../../src/server/db/schema';
import { PASSKEY_REFUSED } from '../../src/server/handlers/passkeys';
import { codeIn, withCode } from '../mail/smtp-receiver';
import { burst, callLines, tally, times } from './attack';
import { passkeySeed } from './fixtures/passkey-seed';
import { continueOn, describeEngines, useTestServerWithMail, type TestClient } from './harness';
import { SoftwareAuthenticator } from './software-authenticator';

// Signing in with a passkey (issue 23 §2): the passkey is the first factor and the account goes through the one
// sign-in flow's required steps. With user verification it is both factors (a company's second-factor requirement is
// met); without, the second factor follows. Each test plays its own client address (TRUST_PROXY=1), so the address
// budgets start fresh.

const PASSWORD = 'Passkey#Pass123';
const OPEN = ['ana', 'ben', 'cy', 'dee', 'eve'].map((name) => `${name}@open.test`);
const STRICT = ['fay', 'gus', 'hal', 'ivy', 'jay'].map((name) => `${name}@strict.test`);
const SEED = passkeySeed(PASSWORD, { open: OPEN, strict: STRICT });

let addressCounter = 0;
/** A client address of its own (TEST-NET-3), as the proxy in front would report it. */
const freshAddress = () => ({ 'x-forwarded-for': `203.0.113.${++addressCounter}` });

describeEngines('passkeys: signing in', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, SEED, { TRUST_PROXY: '1' });
  const rp = () => relyingParty(app().server.services.config.publicUrl);
  const db = () => app().server.database.db;

  /** Password (and for Strict Co the mailed code, set up on the way): a connection opened with the session's token. */
  async function signedIn(email: string): Promise<TestClient> {
    const address = freshAddress();
    const client = await app().connect(undefined, address);
    let since = mail().messages.length;
    const first = await client.call('login', { identifier: email, password: PASSWORD, platform: 'web' });
    if (first.token) return continueOn(app(), client, first.token, address);
    if (!first.isUserMFASetup) {
      // Set up first; the next login mails the code.
      await client.call('hrms|master|MFA|setup', { identifier: email, password: PASSWORD, MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
      since = mail().messages.length;
      await client.call('login', { identifier: email, password: PASSWORD, platform: 'web' });
    }
    const otp = codeIn(await mail().waitFor(email, { since, match: withCode }));
    const passed = await client.call('login', { identifier: email, password: PASSWORD, platform: 'web', MFAType: 1, otp });
    expect(passed.token).toBeDefined();
    return continueOn(app(), client, passed.token!, address);
  }

  /** Registers a passkey for `email` on a software authenticator and returns it. */
  async function enroll(email: string, options: { userVerified?: boolean } = {}): Promise<SoftwareAuthenticator> {
    const client = await signedIn(email);
    const authenticator = new SoftwareAuthenticator({ origin: rp().origin, ...options });
    const { challengeId, options: creation } = await client.call('getPasskeyRegistrationOptions', undefined);
    await client.call('registerPasskey', { challengeId, name: 'Laptop', response: authenticator.register(creation as never) });
    client.close();
    return authenticator;
  }

  /** Options for a first-factor sign-in, answered by `authenticator`: the passkeyLogin payload. */
  async function assertion(client: TestClient, authenticator: SoftwareAuthenticator) {
    const { challengeId, options } = await client.call('getPasskeySignInOptions', undefined);
    return { challengeId, response: authenticator.assert(options as never), platform: 'web' as const };
  }

  const liveSessions = async (email: string) =>
    (await db().select({ id: sessions.id }).from(sessions).where(and(eq(sessions.userId, await app().userId(email)), isNull(sessions.revokedAt)))).length;

  it('offers no credential (the browser picks from its own), and signs in with a verified passkey: token, reply, audit, last use', async () => {
    const authenticator = await enroll(OPEN[0]!);
    const address = freshAddress();
    const signingIn = await app().connect(undefined, address);
    const { challengeId, options } = await signingIn.call('getPasskeySignInOptions', undefined);
    expect(options).toMatchObject({ rpId: rp().id, userVerification: 'preferred' });
    expect(options).not.toHaveProperty('allowCredentials');
    const [challenge] = await db().select().from(webauthnChallenges).where(eq(webauthnChallenges.id, challengeId));
    expect(challenge).toMatchObject({ purpose: 'sign-in', userId: null, usedAt: null });

    const reply = await signingIn.call('passkeyLogin', { challengeId, response: authenticator.assert(options as never), platform: 'web' });
    expect(reply).toMatchObject({ token: expect.any(String), email: OPEN[0], planAccess: expect.any(Object) });
    // The token opens the client's next connection.
    const client = await continueOn(app(), signingIn, reply.token!, address);
    expect((await client.call('getWorkspaceList', {})).list.map((org) => org.orgId)).toEqual(['open']);
    const history = await client.call('getSignInHistory', { filter: { kinds: ['sign-in'] } });
    expect(history.list[0]).toMatchObject({ kind: 'sign-in', detail: 'a passkey with user verification' });
    expect(decodeJwt(reply.token!).sub).toBe(await app().userId(OPEN[0]!));
    const [listed] = (await client.call('getPasskeyList', undefined)).list;
    expect(listed!.lastUsedAt).not.toBeNull();
  });

  it('a verified passkey satisfies a company that requires a second factor; an unverified one is asked for it, and no token comes before', async () => {
    const verified = await enroll(STRICT[0]!);
    const client = await app().connect(undefined, freshAddress());
    const passed = await client.call('passkeyLogin', await assertion(client, verified));
    expect(passed.token).toEqual(expect.any(String));
    expect(mail().messages.filter((message) => message.to.includes(STRICT[0]!) && withCode(message))).toHaveLength(1); // the one of enrolling

    const unverified = await enroll(STRICT[1]!, { userVerified: false });
    const other = await app().connect(undefined, freshAddress());
    const since = mail().messages.length;
    const asked = await other.call('passkeyLogin', await assertion(other, unverified));
    expect(asked).toMatchObject({ isCompanyMFA: true, isUserMFASetup: true, MFAType: 1, ticket: expect.any(String) });
    expect(asked).not.toHaveProperty('token');
    const otp = codeIn(await mail().waitFor(STRICT[1]!, { since, match: withCode }));
    const after = await other.call('continueSignIn', { ticket: asked.ticket!, MFAType: 1, otp, platform: 'web' });
    expect(after.token).toEqual(expect.any(String));
    const history = await (await app().connect({ token: after.token! })).call('getSignInHistory', { filter: { kinds: ['sign-in'] } });
    expect(history.list[0]!.detail).toBe('a passkey and work email code');
  });

  it('refuses with one sentence whether the passkey is unknown, wrongly signed, removed, or its challenge used or expired', async () => {
    const owner = OPEN[1]!;
    const authenticator = await enroll(owner);
    const client = await app().connect(undefined, freshAddress());
    const refused = { code: 403, error: PASSKEY_REFUSED };

    // A passkey the portal never registered.
    const stranger = new SoftwareAuthenticator({ origin: rp().origin });
    stranger.register({ challenge: 'x', rp: { id: rp().id }, user: { id: 'AAAAAAAAAAAAAAAAAAAAAA' } });
    expect(await client.emit('passkeyLogin', await assertion(client, stranger))).toMatchObject(refused);
    // The registered credential id, signed by another key (a forged answer).
    const forger = new SoftwareAuthenticator({ origin: rp().origin });
    forger.register({ challenge: 'x', rp: { id: rp().id }, user: { id: authenticator.credentials[0]!.userHandle } }, authenticator.credentials[0]!.id);
    expect(await client.emit('passkeyLogin', await assertion(client, forger))).toMatchObject(refused);
    // Signed on another site (a phishing page relaying the challenge).
    const phished = new SoftwareAuthenticator({ origin: 'https://portal.example.evil' });
    phished.credentials.push(authenticator.credentials[0]!);
    expect(await client.emit('passkeyLogin', await assertion(client, phished))).toMatchObject(refused);
    // A challenge answered twice, and one expired.
    const once = await assertion(client, authenticator);
    expect((await client.emit('passkeyLogin', once)).code).toBe(200);
    expect(await client.emit('passkeyLogin', once)).toMatchObject(refused);
    const late = await assertion(client, authenticator);
    await db().update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(webauthnChallenges.id, late.challengeId));
    expect(await client.emit('passkeyLogin', late)).toMatchObject(refused);

    // Only the owner's own log hears of the refusals about their passkey (written after the reply).
    await app().server.services.background.flush();
    const ownClient = await signedIn(owner);
    const failures = await ownClient.call('getSignInHistory', { filter: { kinds: ['sign-in-failed'] } });
    expect(failures.list.map((entry) => entry.detail)).toEqual(['passkey refused', 'passkey refused']);

    // Removed, it signs in no more.
    const [passkey] = (await ownClient.call('getPasskeyList', undefined)).list;
    await ownClient.call('removePasskey', { passkeyId: passkey!.id });
    expect(await client.emit('passkeyLogin', await assertion(client, authenticator))).toMatchObject(refused);
  });

  it('opens one session for 100 parallel uses of one assertion; the address budget refuses beyond 50', async () => {
    const email = OPEN[2]!;
    const authenticator = await enroll(email);
    const before = await liveSessions(email);
    const headers = freshAddress();
    const client = await app().connect(undefined, headers);
    const payload = await assertion(client, authenticator);
    const replies = await burst(app(), times(100, ['passkeyLogin', payload]), { headers });
    // 50 checks for the address; the one success gives its point back, which lets one more through when it lands
    // before the last of the hundred are counted (they queue for the counting gate). Every other refusal is the budget's.
    const { 200: opened = 0, 403: checkedWrong = 0, 429: refused = 0 } = tally(replies);
    expect(opened).toBe(1);
    expect(checkedWrong).toBeGreaterThanOrEqual(49);
    expect(checkedWrong).toBeLessThanOrEqual(50);
    expect(checkedWrong + refused).toBe(99);
    expect(new Set(replies.filter((reply) => reply.code === 403).map((reply) => reply.error))).toEqual(new Set([PASSKEY_REFUSED]));
    expect(await liveSessions(email)).toBe(before + 1);
  });

  it('a passkey as the second factor after the password: only the account’s own, once; a passkey sign-in asks for the code instead', async () => {
    const email = STRICT[2]!;
    const authenticator = await enroll(email);
    const held = { identifier: email, password: PASSWORD };
    const client = await app().connect(undefined, freshAddress());
    const asked = await client.call('login', { ...held, platform: 'web' });
    expect(asked).toMatchObject({ isCompanyMFA: true, isUserMFASetup: true });
    const { ceremony } = await client.call('getPasskeySecondFactorOptions', held);
    expect(ceremony!.options).toMatchObject({ userVerification: 'discouraged', allowCredentials: [{ id: authenticator.credentials[0]!.id, type: 'public-key' }] });

    // Someone else's passkey, for this account's second factor.
    const stranger = await enroll(OPEN[3]!);
    const theirs = await client.emit('passkeySecondFactor', { ...held, challengeId: ceremony!.challengeId, response: stranger.assert(ceremony!.options as never) });
    expect(theirs).toMatchObject({ code: 403, error: PASSKEY_REFUSED });
    // A wrong password is refused before any passkey is looked at.
    const again = (await client.call('getPasskeySecondFactorOptions', held)).ceremony!;
    expect((await client.emit('passkeySecondFactor', { identifier: email, password: 'Wrong#Pass123', challengeId: again.challengeId, response: authenticator.assert(again.options as never) })).code).toBe(403);

    // 100 parallel uses of one answer: one session. The held password's budget (5 from one address) refuses 95; of
    // the 5 checked, one took the challenge.
    const headers = freshAddress();
    const other = await app().connect(undefined, headers);
    const fresh = (await other.call('getPasskeySecondFactorOptions', held)).ceremony!;
    const payload = { ...held, challengeId: fresh.challengeId, response: authenticator.assert(fresh.options as never), platform: 'web' as const };
    const before = await liveSessions(email);
    const replies = await burst(app(), times(100, ['passkeySecondFactor', payload]), { headers });
    const counts = tally(replies);
    expect(counts[200]).toBe(1);
    // The password's pair rule refuses 95; the secondFactor budget (one spent on the stranger's passkey above) may
    // refuse one more, depending on whether the success had given its attempt back yet.
    expect(counts[429]).toBeGreaterThanOrEqual(95);
    expect((counts[403] ?? 0) + counts[429]!).toBe(99);
    expect(new Set(replies.filter((reply) => reply.code === 403).map((reply) => reply.error))).toEqual(new Set([PASSKEY_REFUSED]));
    expect(await liveSessions(email)).toBe(before + 1);
    const token = replies.find((reply) => reply.code === 200)!.data!.token as string;
    const signedInClient = await app().connect({ token });
    const history = await signedInClient.call('getSignInHistory', { filter: { kinds: ['sign-in'] } });
    expect(history.list.map((entry) => entry.detail)).toContain('password and a passkey');

    // Without a passkey there is nothing to offer; a sign-in begun with a passkey passes with the code.
    const none = await app().connect(undefined, freshAddress());
    expect(await none.call('getPasskeySecondFactorOptions', { identifier: STRICT[3]!, password: PASSWORD })).toEqual({ ceremony: null });
    const unverified = (await client.call('passkeyLogin', await assertion(client, await enroll(STRICT[4]!, { userVerified: false })))).ticket!;
    expect(await client.call('getPasskeySecondFactorOptions', { ticket: unverified })).toEqual({ ceremony: null });
  });

  it('does the same work for a passkey nobody registered as for a registered one wrongly signed, and says the same', async () => {
    const authenticator = await enroll(OPEN[4]!);
    const forger = new SoftwareAuthenticator({ origin: rp().origin });
    forger.register({ challenge: 'x', rp: { id: rp().id }, user: { id: authenticator.credentials[0]!.userHandle } }, authenticator.credentials[0]!.id);
    const stranger = new SoftwareAuthenticator({ origin: rp().origin });
    stranger.register({ challenge: 'x', rp: { id: rp().id }, user: { id: authenticator.credentials[0]!.userHandle } });
    const observe = async (who: SoftwareAuthenticator) => {
      const client = await app().connect(undefined, freshAddress());
      const payload = await assertion(client, who);
      const since = app().logs.length;
      const { code, error, data } = await client.emit('passkeyLogin', payload);
      const [line] = callLines(app(), 'passkeyLogin', since);
      return { reply: JSON.stringify({ code, error, data }), work: line!.work };
    };
    const aboutKnown = await observe(forger);
    const aboutUnknown = await observe(stranger);
    expect(aboutUnknown).toEqual(aboutKnown);
    expect(aboutKnown.reply).toContain(PASSKEY_REFUSED);
  });

  it('starts at most 300 passkey sign-ins from one address in a quarter hour', async () => {
    const headers = freshAddress();
    const replies = await burst(
      app(),
      times(320, ['getPasskeySignInOptions', undefined]),
      { headers, sockets: 40 },
    );
    expect(tally(replies)).toEqual({ 200: 300, 429: 20 });
  });
});
