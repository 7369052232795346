import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { authenticationOptions, relyingParty, verifyAssertion, type RelyingParty } from '../../src/server/auth/passkeys';
import { webauthnChallenges } from '../../src/server/db/schema';
import { burst, tally, times } from './attack';
import type { SeedInput } from './fixtures/seed';
import { describeEngines, signIn, useTestServerWithMail, type TestClient } from './harness';
import { SoftwareAuthenticator } from './software-authenticator';

// Passkeys of one's own account (issue 23 §2): register, list, rename, remove; the verification module's challenges
// and counters. A software authenticator (ES256, attestation 'none') stands in for the browser's.

const PASSWORD = 'Passkey#Pass123';
const EMAILS = ['pia', 'quinn', 'rosa', 'sami', 'tove', 'uma', 'vera', 'wim'].map((name) => `${name}@keys.test`);
const [PIA, QUINN, ROSA, SAMI, TOVE, UMA, VERA, WIM] = EMAILS as [string, string, string, string, string, string, string, string];

const SEED: SeedInput = {
  organizations: [{ orgId: 'keys', company: 'Keys Inc', plan: { hrms: true, chat: true } }],
  users: EMAILS.map((email) => ({
    email,
    password: PASSWORD,
    firstName: email.split('@')[0]!.replace(/^./, (c) => c.toUpperCase()),
    lastName: 'Key',
    memberships: [{ orgId: 'keys', role: 'member' as const, productAccess: ['hrms' as const] }],
  })),
};

describeEngines('passkeys: registration and management', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, SEED);
  const rp = (): RelyingParty => relyingParty(app().server.services.config.publicUrl);
  const db = () => app().server.database.db;

  /** A signed-in connection of `email` (it keeps the token for the burst helpers too). */
  async function signedIn(email: string): Promise<{ client: TestClient; token: string; sessionId: string }> {
    const token = await signIn(app(), email, PASSWORD);
    return { client: await app().connect({ token }), token, sessionId: decodeJwt(token).jti! };
  }

  async function addPasskey(client: TestClient, authenticator: SoftwareAuthenticator, name = 'Laptop') {
    const { challengeId, options } = await client.call('getPasskeyRegistrationOptions', undefined);
    return client.call('registerPasskey', { challengeId, name, response: authenticator.register(options as never) });
  }

  /** An assertion as the sign-in flow verifies it: options for this account's second factor, signed, verified. */
  async function assertWith(authenticator: SoftwareAuthenticator, userId: string, sessionId: string) {
    const binding = { sessionId };
    const { challengeId, options } = await authenticationOptions(db(), rp(), { purpose: 'second-factor', userId, binding });
    return verifyAssertion(db(), rp(), { challengeId, purpose: 'second-factor', binding, response: authenticator.assert(options) });
  }

  it('registers a discoverable passkey under its name, lists it, mails the owner and writes the audit', async () => {
    const { client } = await signedIn(PIA);
    const { challengeId, options } = await client.call('getPasskeyRegistrationOptions', undefined);
    // What the browser is asked for: this portal, this account, a discoverable credential (for the autofill).
    expect(options).toMatchObject({
      rp: { id: rp().id, name: 'Suite Portal' },
      user: { name: PIA, displayName: 'Pia Key' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      excludeCredentials: [],
    });
    const since = mail().messages.length;
    const authenticator = new SoftwareAuthenticator({ origin: rp().origin, backedUp: true });
    const { passkey } = await client.call('registerPasskey', { challengeId, name: '  Work laptop ', response: authenticator.register(options as never) });
    expect(passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null, backedUp: true });

    const { list } = await client.call('getPasskeyList', undefined);
    expect(list).toEqual([passkey]);
    const added = await mail().waitFor(PIA, { since, match: (message) => message.subject.includes('added') });
    expect(added.subject).toContain('A passkey was added to your account');
    expect(added.text).toContain('"Work laptop"');
    const history = await client.call('getSignInHistory', { filter: { kinds: ['passkey-added'] } });
    expect(history.list.map((entry) => [entry.kind, entry.detail])).toEqual([['passkey-added', 'Work laptop']]);

    // The next options exclude it, so the authenticator holding it says so before making another.
    const next = await client.call('getPasskeyRegistrationOptions', undefined);
    expect(next.options.excludeCredentials).toEqual([{ id: authenticator.credentials[0]!.id, type: 'public-key', transports: ['internal', 'hybrid'] }]);
  });

  it('refuses the same credential twice, an answer from another origin, and a challenge of another session', async () => {
    const { client } = await signedIn(QUINN);
    const authenticator = new SoftwareAuthenticator({ origin: rp().origin });
    const first = await client.call('getPasskeyRegistrationOptions', undefined);
    const response = authenticator.register(first.options as never);
    await client.call('registerPasskey', { challengeId: first.challengeId, name: 'Phone', response });

    // The same answer with a fresh challenge: its clientDataJSON carries the old one.
    const again = await client.call('getPasskeyRegistrationOptions', undefined);
    const replay = await client.emit('registerPasskey', { challengeId: again.challengeId, name: 'Phone', response });
    expect([replay.code, replay.error]).toEqual([400, 'Your browser’s answer could not be verified. Try adding the passkey again.']);
    // A new answer for a credential id already registered (an authenticator ignoring excludeCredentials).
    const third = await client.call('getPasskeyRegistrationOptions', undefined);
    const duplicate = await client.emit('registerPasskey', { challengeId: third.challengeId, name: 'Again', response: authenticator.register(third.options as never, response.id) });
    expect([duplicate.code, duplicate.error]).toEqual([409, 'This passkey is already registered.']);

    // Another origin (a look-alike site relaying the ceremony) does not verify.
    const foreign = new SoftwareAuthenticator({ origin: 'https://portal.example.evil' });
    const fifth = await client.call('getPasskeyRegistrationOptions', undefined);
    const phished = await client.emit('registerPasskey', { challengeId: fifth.challengeId, name: 'Evil', response: foreign.register(fifth.options as never) });
    expect(phished.code).toBe(400);

    // A challenge is bound to the session that asked for it: the same account's other session cannot answer it.
    const other = await signedIn(QUINN);
    const sixth = await client.call('getPasskeyRegistrationOptions', undefined);
    const elsewhere = await other.client.emit('registerPasskey', { challengeId: sixth.challengeId, name: 'Elsewhere', response: authenticator.register(sixth.options as never) });
    expect([elsewhere.code, elsewhere.error]).toEqual([409, 'This passkey request has expired or was already answered. Start again.']);
    expect((await client.call('getPasskeyList', undefined)).list.map((row) => row.name)).toEqual(['Phone']);
  });

  it('uses a challenge once: 100 parallel registrations of one answer store one passkey, the budget refusing beyond 20', async () => {
    const { client, token } = await signedIn(ROSA);
    const authenticator = new SoftwareAuthenticator({ origin: rp().origin });
    const { challengeId, options } = await client.call('getPasskeyRegistrationOptions', undefined);
    const payload = { challengeId, name: 'Raced', response: authenticator.register(options as never) };
    const replies = await burst(app(), times(100, ['registerPasskey', payload]), { auth: { token } });
    // The passkeyChange budget (20 a quarter hour, kept) is spent first; of the 20 checked, one took the challenge.
    expect(tally(replies)).toEqual({ 200: 1, 409: 19, 429: 80 });
    expect(new Set(replies.filter((reply) => reply.code === 409).map((reply) => reply.error))).toEqual(new Set(['This passkey request has expired or was already answered. Start again.']));
    expect((await client.call('getPasskeyList', undefined)).list).toHaveLength(1);
  });

  it('refuses an expired challenge', async () => {
    const { client } = await signedIn(SAMI);
    const authenticator = new SoftwareAuthenticator({ origin: rp().origin });
    const { challengeId, options } = await client.call('getPasskeyRegistrationOptions', undefined);
    const [row] = await db().select().from(webauthnChallenges).where(eq(webauthnChallenges.id, challengeId));
    // Five minutes from its making.
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(5 * 60 * 1000);
    await db().update(webauthnChallenges).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(webauthnChallenges.id, challengeId));
    const late = await client.emit('registerPasskey', { challengeId, name: 'Late', response: authenticator.register(options as never) });
    expect([late.code, late.error]).toEqual([409, 'This passkey request has expired or was already answered. Start again.']);
    expect((await client.call('getPasskeyList', undefined)).list).toEqual([]);
  });

  it('verifies an assertion: stores the counter, backup flag and last use; refuses a counter that goes backwards and a replay', async () => {
    const { client, sessionId } = await signedIn(TOVE);
    const userId = await app().userId(TOVE);
    const authenticator = new SoftwareAuthenticator({ origin: rp().origin });
    await addPasskey(client, authenticator);

    const result = await assertWith(authenticator, userId, sessionId);
    expect(result).toMatchObject({ ok: true, userVerified: true, user: { id: userId }, passkey: { counter: 2 } });
    const [listed] = (await client.call('getPasskeyList', undefined)).list;
    expect(listed!.lastUsedAt).not.toBeNull();

    // A cloned authenticator still at an older count.
    authenticator.credentials[0]!.counter = 0;
    expect(await assertWith(authenticator, userId, sessionId)).toMatchObject({ ok: false, reason: 'counter' });

    // One assertion answered twice: the challenge is gone the second time.
    authenticator.credentials[0]!.counter = 10;
    const binding = { sessionId };
    const { challengeId, options } = await authenticationOptions(db(), rp(), { purpose: 'second-factor', userId, binding });
    const response = authenticator.assert(options);
    const outcomes = await Promise.all(times(100, ['', null]).map(() => verifyAssertion(db(), rp(), { challengeId, purpose: 'second-factor', binding, response })));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(new Set(outcomes.filter((outcome) => !outcome.ok).map((outcome) => !outcome.ok && outcome.reason))).toEqual(new Set(['challenge']));

    // An answer signed with someone else's passkey, for a second factor of this account.
    const stranger = await signedIn(UMA);
    const theirs = new SoftwareAuthenticator({ origin: rp().origin });
    await addPasskey(stranger.client, theirs);
    const forMe = await authenticationOptions(db(), rp(), { purpose: 'second-factor', userId, binding });
    expect(forMe.options.allowCredentials?.map((credential) => credential.id)).toEqual([authenticator.credentials[0]!.id]);
    expect(await verifyAssertion(db(), rp(), { ...forMe, purpose: 'second-factor', binding, response: theirs.assert(forMe.options) })).toMatchObject({ ok: false, reason: 'unknown-credential' });
  });

  it('renames and removes: the removed passkey no longer verifies; another user’s passkey cannot be touched', async () => {
    const { client, sessionId } = await signedIn(VERA);
    const userId = await app().userId(VERA);
    const authenticator = new SoftwareAuthenticator({ origin: rp().origin, counting: false });
    const { passkey } = await addPasskey(client, authenticator, 'Old name');
    expect((await assertWith(authenticator, userId, sessionId)).ok).toBe(true);
    // A synced passkey always reports 0: it keeps working.
    expect((await assertWith(authenticator, userId, sessionId)).ok).toBe(true);

    const renamed = await client.call('renamePasskey', { passkeyId: passkey.id, name: 'Security key' });
    expect(renamed.passkey.name).toBe('Security key');

    const intruder = await signedIn(WIM);
    const theirs = await intruder.client.emit('removePasskey', { passkeyId: passkey.id });
    expect([theirs.code, theirs.error]).toEqual([404, 'This passkey has already been removed.']);
    expect((await intruder.client.emit('renamePasskey', { passkeyId: passkey.id, name: 'Mine now' })).code).toBe(404);

    const since = mail().messages.length;
    expect(await client.call('removePasskey', { passkeyId: passkey.id })).toEqual({ success: true });
    expect((await client.call('getPasskeyList', undefined)).list).toEqual([]);
    const removed = await mail().waitFor(VERA, { since, match: (message) => message.subject.includes('removed') });
    expect(removed.subject).toContain('A passkey was removed from your account');
    expect(removed.text).toContain('"Security key"');
    const history = await client.call('getSignInHistory', { filter: { kinds: ['passkey-added', 'passkey-removed'] } });
    expect(history.list.map((entry) => [entry.kind, entry.detail])).toEqual([
      ['passkey-removed', 'Security key'],
      ['passkey-added', 'Old name'],
    ]);

    expect(await assertWith(authenticator, userId, sessionId)).toMatchObject({ ok: false, reason: 'unknown-credential' });
    expect((await client.emit('removePasskey', { passkeyId: passkey.id })).code).toBe(404);
  });
});
