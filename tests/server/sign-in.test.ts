import { beforeEach, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema';
import { toPlanAccess } from '../../src/shared/products';
import { MESSAGES } from '../../src/shared/validation/messages';
import { ADMIN_USER_NAME, EMAILS, PASSWORDS, PLANS, TEST_SEED } from './fixtures/seed';
import { describeEngines, useTestServer, type TestClient } from './harness';

const WRONG = 'Wrong#Pass999';
const login = (client: TestClient, identifier: string, password: string, rid?: string) =>
  client.emit('login', { identifier, password, platform: 'web' }, rid);
const withoutRid = ({ event, data, error, code }: { event: string; data: unknown; error: unknown; code: number }) => ({ event, data, error, code });

describeEngines('sign-in', (engine) => {
  const app = useTestServer(engine, TEST_SEED);

  // Every test starts with no failure counted, so one test's failures cannot lock another's attempts.
  beforeEach(async () => {
    await app().server.database.db.delete(rateLimits);
  });

  it('signs in by email, in any case, with a token, the email and the active plan', async () => {
    const client = await app().connect();
    const reply = await client.call('login', { identifier: 'ADMIN@Alpha.Test', password: PASSWORDS.admin, platform: 'web' });
    expect(reply.token).toEqual(expect.any(String));
    expect(reply.email).toBe(EMAILS.admin);
    // The active organization is the first reachable one: Alpha Works, with every product.
    expect(reply.planAccess).toEqual(toPlanAccess(PLANS.alpha));
    expect(reply.aftrp).toBeUndefined();
    expect(reply.activateAccount).toBeUndefined();

    const session = await (await app().connect()).call('authenticate', { token: reply.token! });
    expect(session.email).toBe(EMAILS.admin);
  });

  it('signs in by user name, in any case, and by the `email` field', async () => {
    const client = await app().connect();
    const byUserName = await client.call('login', { identifier: ADMIN_USER_NAME.toUpperCase(), password: PASSWORDS.admin, platform: 'desktop' });
    expect(byUserName.token).toEqual(expect.any(String));
    expect(byUserName.email).toBe(EMAILS.admin);

    const byEmailField = await client.call('login', { email: EMAILS.member, password: PASSWORDS.member, platform: 'web' });
    expect(byEmailField.email).toBe(EMAILS.member);
    expect(byEmailField.token).not.toBe(byUserName.token);
  });

  it('gives a wrong password and an unknown account the very same reply', async () => {
    const client = await app().connect();
    const wrongPassword = await login(client, EMAILS.member, WRONG);
    const unknownAccount = await login(client, 'nobody@alpha.test', WRONG);
    const unverifiedWrong = await login(client, EMAILS.pending, WRONG);

    expect(wrongPassword).toMatchObject({ event: 'login', code: 403, error: MESSAGES.invalidCredentials });
    expect(wrongPassword.data ?? null).toBeNull();
    expect(withoutRid(unknownAccount)).toEqual(withoutRid(wrongPassword));
    expect(withoutRid(unverifiedWrong)).toEqual(withoutRid(wrongPassword));
  });

  it('asks an unverified account to verify, without a token', async () => {
    const client = await app().connect();
    const reply = await client.call('login', { identifier: EMAILS.pending, password: PASSWORDS.pending, platform: 'web' });
    expect(reply).toEqual({ activateAccount: true, email: EMAILS.pending });
    // Nothing signed this socket in.
    await expect(client.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
  });

  it('gives a token and aftrp to an account that must change its password', async () => {
    const client = await app().connect();
    const reply = await client.call('login', { identifier: EMAILS.newHire, password: PASSWORDS.newHire, platform: 'web' });
    expect(reply.token).toEqual(expect.any(String));
    expect(reply.aftrp).toBe(true);
    const session = await client.call('authenticate', { token: reply.token! });
    expect(session.aftrp).toBe(true);
  });

  it('locks an identifier after 5 wrong passwords, even against the right one', async () => {
    const client = await app().connect();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login(client, EMAILS.lockable, WRONG)).code, `attempt ${attempt}`).toBe(403);
    }
    const fifth = await login(client, EMAILS.lockable, WRONG);
    expect(fifth.code).toBe(429);
    expect(fifth.data?.retryAfter).toBeGreaterThan(0);
    expect(fifth.data?.retryAfter).toBeLessThanOrEqual(15 * 60);

    const rightPassword = await login(client, EMAILS.lockable, PASSWORDS.lockable);
    expect(rightPassword.code).toBe(429);
    expect(rightPassword.data?.retryAfter).toBeGreaterThan(0);
    expect(rightPassword.data).not.toHaveProperty('token');

    // Case does not make a new identifier.
    expect((await login(client, EMAILS.lockable.toUpperCase(), PASSWORDS.lockable)).code).toBe(429);
  });

  it('counts an account as a whole, whether it is named by email or by user name', async () => {
    const client = await app().connect();
    for (let attempt = 1; attempt <= 3; attempt += 1) expect((await login(client, EMAILS.admin, WRONG)).code).toBe(403);
    expect((await login(client, ADMIN_USER_NAME, WRONG)).code).toBe(403);
    expect((await login(client, ADMIN_USER_NAME, WRONG)).code).toBe(429);
    expect((await login(client, EMAILS.admin, PASSWORDS.admin)).code).toBe(429);
  });

  it('keeps the lockout of one identifier away from the others', async () => {
    const client = await app().connect();
    for (let attempt = 1; attempt <= 5; attempt += 1) await login(client, EMAILS.lockable, WRONG);
    expect((await login(client, EMAILS.lockable, PASSWORDS.lockable)).code).toBe(429);

    expect((await login(client, EMAILS.bystander, WRONG)).code).toBe(403);
    const other = await client.call('login', { identifier: EMAILS.bystander, password: PASSWORDS.bystander, platform: 'web' });
    expect(other.token).toEqual(expect.any(String));
  });

  it('locks the address after 50 failures spread over distinct unknown accounts', async () => {
    const client = await app().connect();
    // 49 failures at once (hashing runs on the thread pool); none of the identifiers reaches its own limit.
    const first = await Promise.all(Array.from({ length: 49 }, (_, index) => login(client, `ghost-${index}@nowhere.test`, WRONG)));
    expect(first.map((reply) => reply.code)).toEqual(Array(49).fill(403));

    const fiftieth = await login(client, 'ghost-49@nowhere.test', WRONG);
    expect(fiftieth.code).toBe(429);
    expect(fiftieth.data?.retryAfter).toBeGreaterThan(0);

    // A fresh identifier, with the right password, from the same address.
    const fresh = await login(client, EMAILS.bystander, PASSWORDS.bystander);
    expect(fresh.code).toBe(429);
    expect(fresh.data?.retryAfter).toBeGreaterThan(0);
  });

  it('writes neither the password nor the token to the log', async () => {
    const logs = app().logs;
    const before = logs.length;
    const client = await app().connect();
    const reply = await client.call('login', { identifier: EMAILS.client, password: PASSWORDS.client, platform: 'web' });
    await login(client, EMAILS.client, 'Guess#Secret77');
    await client.call('authenticate', { token: reply.token! });
    await client.call('logout', {});

    const written = logs.slice(before).join('');
    expect(written).toContain('sign-in.succeeded');
    expect(written).toContain('sign-in.failed');
    expect(written).not.toContain(PASSWORDS.client);
    expect(written).not.toContain('Guess#Secret77');
    expect(written).not.toContain(reply.token!);
    // Not even the signature part of the token.
    expect(written).not.toContain(reply.token!.split('.')[2]!);
  });
});
