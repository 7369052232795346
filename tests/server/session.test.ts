import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { toPlanAccess } from '../../src/shared/products';
import { EMAILS, PASSWORDS, PLANS, TEST_SEED } from './fixtures/seed';
import { SESSION_ENDED_EVENT } from '../../src/shared/protocol';
import { describeEngines, signIn, useTestServer, type TestClient, type TestServer } from './harness';

const ENDED = { code: 401, message: 'Your session has ended. Please sign in again.' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sessionIdOf = (token: string) => decodeJwt(token).jti!;

/** authenticate on a fresh connection opened with the token, as the renderer does. */
async function authenticate(app: TestServer, token: string) {
  const client = await app.connect({ token });
  try {
    return await client.call('authenticate', { token });
  } finally {
    client.close();
  }
}

describeEngines('sessions', (engine) => {
  const app = useTestServer(engine, TEST_SEED);

  it('resolves a good token into the session of the active organization', async () => {
    const admin = await authenticate(app(), await signIn(app(), EMAILS.admin, PASSWORDS.admin));
    expect(admin).toEqual({
      email: EMAILS.admin,
      firstName: 'Ada',
      lastName: 'Admin',
      employeeCode: 'ALP-001',
      activeOrgId: 'alpha',
      isAdmin: true,
      planAccess: toPlanAccess(PLANS.alpha),
      productAccess: [],
      S3_BASEURL: '',
      // None of the admin's companies requires a second factor (multi-factor.test.ts covers true).
      isCompanyMFA: false,
      isUserMFASetup: false,
      aftrp: false,
    });

    const client = await authenticate(app(), await signIn(app(), EMAILS.client, PASSWORDS.client));
    expect(client).toMatchObject({ email: EMAILS.client, activeOrgId: 'alpha', isAdmin: false, productAccess: ['pms'], isCompanyMFA: false, aftrp: false });
    expect(client.planAccess).toEqual(toPlanAccess(PLANS.alpha));

    const newHire = await authenticate(app(), await signIn(app(), EMAILS.newHire, PASSWORDS.newHire));
    expect(newHire).toMatchObject({ isAdmin: false, productAccess: ['hrms'], aftrp: true });
  });

  it('signs a connection in by its handshake only: not by a sign-in on it, nor by the token authenticate names', async () => {
    // A sign-in answers with a token; the connection it came on stays signed out (the client opens a new one).
    const signingIn = await app().connect();
    const { token } = await signingIn.call('login', { identifier: EMAILS.member, password: PASSWORDS.member, platform: 'web' });
    await expect(signingIn.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401, message: 'Please sign in.' });
    // Naming a live token on a connection opened without it does not sign that connection in ...
    await expect(signingIn.call('authenticate', { token: token! })).rejects.toMatchObject(ENDED);
    await expect(signingIn.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
    // ... nor does naming another live token on a signed-in connection switch it to that session.
    const admin = await signIn(app(), EMAILS.admin, PASSWORDS.admin);
    const client = await app().connect({ token: token! });
    await expect(client.call('authenticate', { token: admin })).rejects.toMatchObject(ENDED);
    await expect(client.call('authenticate', { token: token! })).resolves.toMatchObject({ email: EMAILS.member });
    const { list } = await client.call('getWorkspaceList', {});
    expect(list.map((org) => org.orgId)).toEqual(['alpha', 'beta']);
    // The refused switch ended nothing: the admin's token still opens its own connection.
    await expect(authenticate(app(), admin)).resolves.toMatchObject({ email: EMAILS.admin });
  });

  it('refuses a garbage token with 401', async () => {
    for (const token of ['garbage', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.AAAA']) {
      await expect(authenticate(app(), token), token).rejects.toMatchObject(ENDED);
    }
  });

  it('refuses a token signed with another key', async () => {
    const token = await signIn(app(), EMAILS.member, PASSWORDS.member);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.alloc(32, 7).toString('base64url')}`;
    await expect(authenticate(app(), forged)).rejects.toMatchObject(ENDED);
  });

  it('refuses a token whose own expiry has passed', async () => {
    // The token's expiry is in whole seconds (rounded down): 2 s of life leave at least 1 s for the first check.
    const { token } = await app().server.services.sessions.open(await app().userId(EMAILS.member), { ttlSeconds: 2 });
    await expect(authenticate(app(), token)).resolves.toMatchObject({ email: EMAILS.member });
    await sleep(2500);
    await expect(authenticate(app(), token)).rejects.toMatchObject(ENDED);
  });

  it('refuses a token whose session row has expired', async () => {
    const token = await signIn(app(), EMAILS.member, PASSWORDS.member);
    await app()
      .server.database.db.update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, sessionIdOf(token)));
    await expect(authenticate(app(), token)).rejects.toMatchObject(ENDED);
    const socket = await app().connect({ token });
    await expect(socket.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
  });

  it("holds a connection to its handshake's account-type flag: a regular account's token on an 'onboarding' connection is refused", async () => {
    const token = await signIn(app(), EMAILS.member, PASSWORDS.member);
    // Opened as an onboarding employee's: the regular session is not this connection's, by handshake or by payload.
    const flagged = await app().connect({ token, accountType: 'onboarding' });
    await expect(flagged.call('getWorkspaceList', {})).rejects.toMatchObject(ENDED);
    await expect(flagged.call('authenticate', { token })).rejects.toMatchObject(ENDED);
    // Refused by the flag, not by the session: the same token serves a 'user' connection and an older client's.
    const user = await app().connect({ token, accountType: 'user' });
    await expect(user.call('getWorkspaceList', {})).resolves.toMatchObject({ activeOrgId: 'alpha' });
    const unflagged = await app().connect({ token });
    await expect(unflagged.call('getWorkspaceList', {})).resolves.toMatchObject({ activeOrgId: 'alpha' });

    // A hundred flagged connections at once, each calling: every one refused by the flag, none of them ends the session.
    const fresh = await signIn(app(), EMAILS.admin, PASSWORDS.admin);
    const burst = await Promise.all(Array.from({ length: 100 }, () => app().connect({ token: fresh, accountType: 'onboarding' })));
    const replies = await Promise.all(burst.map((connection) => connection.emit('authenticate', { token: fresh })));
    burst.forEach((connection) => connection.close());
    expect(replies.map(({ code, error }) => ({ code, error }))).toEqual(Array.from({ length: 100 }, () => ({ code: 401, error: ENDED.message })));
    await expect(authenticate(app(), fresh)).resolves.toMatchObject({ email: EMAILS.admin });
  });

  it("a sign-in on a connection opened as an onboarding employee's leaves it alone: the token opens a regular account's", async () => {
    const client = await app().connect({ accountType: 'onboarding' });
    const reply = await client.call('login', { identifier: EMAILS.member, password: PASSWORDS.member, platform: 'web' });
    expect(reply.token).toEqual(expect.any(String));
    await expect(client.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
    await expect((await app().connect({ token: reply.token!, accountType: 'user' })).call('getWorkspaceList', {})).resolves.toMatchObject({ activeOrgId: 'alpha' });
  });

  it('ends the session on logout: the token is refused everywhere afterwards', async () => {
    const token = await signIn(app(), EMAILS.member, PASSWORDS.member);
    const other = await signIn(app(), EMAILS.member, PASSWORDS.member);
    const client = await app().connect({ token });
    await expect(client.call('getWorkspaceList', {})).resolves.toMatchObject({ activeOrgId: 'alpha' });

    await expect(client.call('logout', {})).resolves.toEqual({ success: true });
    // The same connection is signed out ...
    await expect(client.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
    // ... and the token is dead on fresh connections, by payload and by handshake.
    await expect(authenticate(app(), token)).rejects.toMatchObject(ENDED);
    const reopened = await app().connect({ token });
    await expect(reopened.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401, message: ENDED.message });
    await expect(reopened.call('logout', {})).rejects.toMatchObject({ code: 401 });

    // Another session of the same user lives on.
    await expect(authenticate(app(), other)).resolves.toMatchObject({ email: EMAILS.member });
  });

  /** Resolves when the server tells this client its session ended, and then closes the connection. */
  const sessionEnd = (client: TestClient) =>
    new Promise<{ told: unknown; reason: string }>((resolve) => {
      let told: unknown = null;
      client.socket.on(SESSION_ENDED_EVENT, (payload: unknown) => {
        told = payload;
      });
      client.socket.on('disconnect', (reason: string) => resolve({ told, reason }));
    });

  it('revokes a session on every connection at once: the others are told to sign out and closed, and the token gets 401', async () => {
    const token = await signIn(app(), EMAILS.member, PASSWORDS.member);
    const first = await app().connect({ token });
    const second = await app().connect({ token });
    await first.call('authenticate', { token });
    await second.call('authenticate', { token });
    await expect(second.call('getWorkspaceList', {})).resolves.toMatchObject({ list: expect.any(Array) });
    const ended = sessionEnd(second);

    await expect(first.call('logout', {})).resolves.toEqual({ success: true });
    expect(await ended).toEqual({ told: { message: ENDED.message }, reason: 'io server disconnect' });
    // The logging-out connection itself stays open, signed out.
    expect(first.socket.connected).toBe(true);
    await expect(first.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
    const again = await app().connect({ token });
    await expect(again.call('loginEmail', { email: EMAILS.member, orgId: 'alpha' })).rejects.toMatchObject({ code: 401, message: ENDED.message });
  });

  it('ends the other sessions on a password change: their sockets are told and closed, the changer continues', async () => {
    const kept = await signIn(app(), EMAILS.surveyor, 'Surveyor#Pass123');
    const otherToken = await signIn(app(), EMAILS.surveyor, 'Surveyor#Pass123');
    const elsewhere = await app().connect({ token: otherToken });
    await expect(elsewhere.call('getWorkspaceList', {})).resolves.toMatchObject({ list: expect.any(Array) });
    const ended = sessionEnd(elsewhere);
    const changer = await app().connect({ token: kept });
    await changer.call('getWorkspaceList', {});
    let changerTold = false;
    changer.socket.on(SESSION_ENDED_EVENT, () => (changerTold = true));
    const { token } = await changer.call('hrms|myPassword|update', { oldPassword: 'Surveyor#Pass123', newPassword: 'Surveyor#Pass456' });
    expect((await ended).reason).toBe('io server disconnect');
    // The changer got its reply, was neither told nor closed, and continues on a connection opened with the new token.
    expect(changerTold).toBe(false);
    expect(changer.socket.connected).toBe(true);
    expect(token).not.toBe(kept);
    await expect(changer.call('getWorkspaceList', {})).rejects.toMatchObject(ENDED);
    await expect((await app().connect({ token })).call('getWorkspaceList', {})).resolves.toMatchObject({ list: expect.any(Array) });
    await expect((await app().connect({ token: otherToken })).call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
  });

  it('logs out with a device token and forgets that device', async () => {
    const token = await signIn(app(), EMAILS.client, PASSWORDS.client);
    const { db } = app().server.database;
    await db.update(sessions).set({ deviceToken: 'device-abc-123' }).where(eq(sessions.id, sessionIdOf(token)));

    const client = await app().connect({ token });
    await expect(client.call('logout', { device_token: 'device-abc-123' })).resolves.toEqual({ success: true });
    await expect(authenticate(app(), token)).rejects.toMatchObject(ENDED);

    const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionIdOf(token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect(row?.deviceToken).toBeNull();
  });

  it('refuses logout and the workspace list without a token', async () => {
    const client = await app().connect();
    await expect(client.call('logout', {})).rejects.toMatchObject({ code: 401 });
    await expect(client.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
  });
});
