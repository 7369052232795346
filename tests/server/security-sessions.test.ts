import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { desktopUserAgent } from '../../src/shared/desktop-user-agent';
import { SESSION_ENDED_EVENT } from '../../src/shared/protocol';
import { callLines } from './attack';
import { EMAILS, PASSWORDS, TEST_SEED } from './fixtures/seed';
import { continueOn, describeEngines, useTestServer, type TestClient, type TestServer } from './harness';

// The security center's sessions and devices: getSessionList, endSession, endOtherSessions.

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
// Electron's user agent as the chat app sets it (src/main: desktopUserAgent).
const ELECTRON_MAC = desktopUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Suite Chat/1.4.0 Chrome/128.0.0.0 Electron/32.0.0 Safari/537.36', 'chat', '1.4.0');
const sessionIdOf = (token: string) => decodeJwt(token).jti!;

/** Signs in on a fresh connection with this user agent, as the platform says; continues on one opened with the token. */
async function signInAs(
  app: TestServer,
  email: string,
  password: string,
  userAgent: string,
  reported: { platform: 'web' | 'desktop' | 'mobile'; appVersion?: string } = { platform: 'web' },
): Promise<{ client: TestClient; token: string }> {
  const client = await app.connect(undefined, { 'user-agent': userAgent });
  const reply = await client.call('login', { identifier: email, password, ...reported });
  return { client: await continueOn(app, client, reply.token!, { 'user-agent': userAgent }), token: reply.token! };
}

describeEngines('security center: sessions and devices', (engine) => {
  const app = useTestServer(engine, TEST_SEED);

  it('lists every live session of the user with device, platform, app, address and "this device"', async () => {
    const web = await signInAs(app(), EMAILS.surveyor, PASSWORDS.surveyor, CHROME_WINDOWS);
    const phone = await signInAs(app(), EMAILS.surveyor, PASSWORDS.surveyor, SAFARI_IPHONE, { platform: 'mobile' });
    const desktop = await signInAs(app(), EMAILS.surveyor, PASSWORDS.surveyor, ELECTRON_MAC, { platform: 'desktop', appVersion: '1.4.0' });
    // Someone else's session is never listed.
    await signInAs(app(), EMAILS.member, PASSWORDS.member, CHROME_WINDOWS);

    const { list } = await web.client.call('getSessionList', {});
    expect(list).toHaveLength(3);
    const byId = new Map(list.map((row) => [row.id, row]));
    expect(byId.get(sessionIdOf(web.token))).toMatchObject({
      current: true,
      platform: 'web',
      appFlavor: null,
      device: 'Chrome 126 on Windows 10',
      ip: '127.0.0.1',
      firstIp: '127.0.0.1',
    });
    expect(byId.get(sessionIdOf(phone.token))).toMatchObject({ current: false, platform: 'mobile', device: 'Safari 17 on iOS 17.5' });
    expect(byId.get(sessionIdOf(desktop.token))).toMatchObject({
      current: false,
      platform: 'desktop',
      appFlavor: 'chat',
      appVersion: '1.4.0',
      device: 'Suite Chat 1.4.0 on macOS Catalina',
    });
    for (const row of list) expect(Date.parse(row.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(row.signedInAt));
    // The desktop app asks from its own point of view: there, it is "this device".
    const seenByDesktop = await desktop.client.call('getSessionList', {});
    expect(seenByDesktop.list.filter((row) => row.current).map((row) => row.id)).toEqual([sessionIdOf(desktop.token)]);
  });

  it('refreshes "last seen" at most once a minute per session', async () => {
    const { client, token } = await signInAs(app(), EMAILS.noAccess, PASSWORDS.noAccess, CHROME_WINDOWS);
    const { db } = app().server.database;
    const id = sessionIdOf(token);
    const lastSeen = async () => (await db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id)))[0]!.at.getTime();
    // Moved back behind the server's back: its session cache is told, as a change notification from the database would.
    const setLastSeen = async (ago: string) => {
      await db.update(sessions).set({ lastSeenAt: sql`now() - ${sql.raw(`interval '${ago}'`)}` }).where(eq(sessions.id, id));
      app().server.services.cache.forget('session', id);
    };
    await setLastSeen('30 seconds');
    const recent = await lastSeen();
    await client.call('getWorkspaceList', {});
    expect(await lastSeen()).toBe(recent);

    await setLastSeen('5 minutes');
    const since = app().logs.length;
    await client.call('getWorkspaceList', {});
    const refreshed = await lastSeen();
    expect(refreshed).toBeGreaterThan(Date.now() - 10_000);
    // The refresh is one statement more than the same call without one (the session read again, as after any
    // change), and only that once.
    app().server.services.cache.forget('session', id);
    await client.call('getWorkspaceList', {});
    const [touched, reread] = callLines(app(), 'getWorkspaceList', since);
    expect(touched!.work.queries).toBe(reread!.work.queries + 1);
    expect(await lastSeen()).toBe(refreshed);
  });

  it('ends one other session: its connection is told and closed, its token gets 401, and it no longer lists', async () => {
    const here = await signInAs(app(), EMAILS.lockable, PASSWORDS.lockable, CHROME_WINDOWS);
    const there = await signInAs(app(), EMAILS.lockable, PASSWORDS.lockable, SAFARI_IPHONE);
    await expect(there.client.call('getWorkspaceList', {})).resolves.toBeTruthy();
    const told = new Promise<unknown>((resolve) => there.client.socket.on(SESSION_ENDED_EVENT, resolve));
    const closed = new Promise<string>((resolve) => there.client.socket.on('disconnect', resolve));

    await expect(here.client.call('endSession', { sessionId: sessionIdOf(there.token) })).resolves.toEqual({ success: true });
    expect(await told).toEqual({ message: expect.stringContaining('sign in again') });
    expect(await closed).toBe('io server disconnect');
    const again = await app().connect({ token: there.token });
    await expect(again.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
    const { list } = await here.client.call('getSessionList', {});
    expect(list.map((row) => row.id)).not.toContain(sessionIdOf(there.token));
    // Ending it again, or a session that does not exist, says it has ended.
    await expect(here.client.call('endSession', { sessionId: sessionIdOf(there.token) })).rejects.toMatchObject({ code: 404, message: 'This session has already ended.' });
  });

  it('refuses to end the session in use, and answers for another user\'s session as for one that has ended', async () => {
    const mine = await signInAs(app(), EMAILS.bystander, PASSWORDS.bystander, CHROME_WINDOWS);
    const theirs = await signInAs(app(), EMAILS.client, PASSWORDS.client, CHROME_WINDOWS);
    await expect(mine.client.call('endSession', { sessionId: sessionIdOf(mine.token) })).rejects.toMatchObject({ code: 400 });
    await expect(mine.client.call('endSession', { sessionId: sessionIdOf(theirs.token) })).rejects.toMatchObject({ code: 404, message: 'This session has already ended.' });
    await expect(theirs.client.call('getWorkspaceList', {})).resolves.toBeTruthy();
  });

  it('ends every other session and keeps this one', async () => {
    const keep = await signInAs(app(), EMAILS.admin, PASSWORDS.admin, CHROME_WINDOWS);
    const others = [await signInAs(app(), EMAILS.admin, PASSWORDS.admin, SAFARI_IPHONE), await signInAs(app(), EMAILS.admin, PASSWORDS.admin, ELECTRON_MAC)];
    const before = (await keep.client.call('getSessionList', {})).list.length;
    await expect(keep.client.call('endOtherSessions', undefined)).resolves.toEqual({ success: true, ended: before - 1 });
    for (const other of others) await expect(other.client.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
    const { list } = await keep.client.call('getSessionList', {});
    expect(list.map((row) => row.id)).toEqual([sessionIdOf(keep.token)]);
    await expect(keep.client.call('endOtherSessions', undefined)).resolves.toEqual({ success: true, ended: 0 });
  });

  it('answers 401 to every security-center event without a session', async () => {
    const stranger = await app().connect();
    for (const [event, payload] of [
      ['getSessionList', {}],
      ['endSession', { sessionId: '123e4567-e89b-42d3-a456-426614174000' }],
      ['endOtherSessions', {}],
      ['getSignInHistory', {}],
      ['getOrganizationAudit', { orgId: 'alpha' }],
      ['exportOrganizationAudit', { orgId: 'alpha' }],
      ['regenerateRecoveryCode', {}],
    ] as const) {
      expect((await stranger.emit(event, payload)).code, event).toBe(401);
    }
  });
});
