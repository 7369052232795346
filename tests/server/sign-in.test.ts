import { beforeEach, expect, it } from 'vitest';
import { toPlanAccess } from '../../src/shared/products';
import { MESSAGES } from '../../src/shared/validation/messages';
import { ADMIN_USER_NAME, EMAILS, PASSWORDS, PLANS, TEST_SEED } from './fixtures/seed';
import { describeEngines, useTestServer, resetLimits, type TestClient } from './harness';

const WRONG = 'Wrong#Pass999';
const login = (client: TestClient, identifier: string, password: string, rid?: string) =>
  client.emit('login', { identifier, password, platform: 'web' }, rid);
/** A sign-in sent again after the wait it was told while the hash threads were too busy to admit it (a busy 429 spends no attempt). */
const loginWhenAdmitted = async (client: TestClient, identifier: string, password: string) => {
  for (;;) {
    const reply = await login(client, identifier, password);
    if (reply.code !== 429 || !String(reply.error).startsWith('The server is busy')) return reply;
    await new Promise((resolve) => setTimeout(resolve, Number(reply.data?.retryAfter) * 1000));
  }
};
const withoutRid = ({ event, data, error, code }: { event: string; data: unknown; error: unknown; code: number }) => ({ event, data, error, code });

describeEngines('sign-in', (engine) => {
  const app = useTestServer(engine, TEST_SEED);

  // Every test starts with no failure counted, so one test's failures cannot lock another's attempts.
  beforeEach(async () => {
    await resetLimits(app());
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

    const session = await (await app().connect({ token: reply.token! })).call('authenticate', { token: reply.token! });
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
    const session = await (await app().connect({ token: reply.token! })).call('authenticate', { token: reply.token! });
    expect(session.aftrp).toBe(true);
  });

  it('checks 5 wrong passwords of an identifier from one address, then refuses even the right one', async () => {
    const client = await app().connect();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(client, EMAILS.lockable, WRONG)).code, `attempt ${attempt}`).toBe(403);
    }
    const rightPassword = await login(client, EMAILS.lockable, PASSWORDS.lockable);
    expect(rightPassword.code).toBe(429);
    expect(rightPassword.error).toMatch(/^Too many attempts\. Try again in 15 minutes\.$/);
    expect(rightPassword.data?.retryAfter).toBeGreaterThan(14 * 60);
    expect(rightPassword.data?.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(rightPassword.data).not.toHaveProperty('token');

    // Case does not make a new identifier.
    expect((await login(client, EMAILS.lockable.toUpperCase(), PASSWORDS.lockable)).code).toBe(429);
  });

  it('keeps the email and the user name of an account apart, so a lock tells no one they belong together', async () => {
    const client = await app().connect();
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await login(client, EMAILS.admin, WRONG)).code).toBe(403);
    expect((await login(client, EMAILS.admin, PASSWORDS.admin)).code).toBe(429);
    const byUserName = await client.call('login', { identifier: ADMIN_USER_NAME, password: PASSWORDS.admin, platform: 'web' });
    expect(byUserName.token).toEqual(expect.any(String));
  });

  it('keeps the lockout of one identifier away from the others', async () => {
    const client = await app().connect();
    for (let attempt = 1; attempt <= 5; attempt += 1) await login(client, EMAILS.lockable, WRONG);
    expect((await login(client, EMAILS.lockable, PASSWORDS.lockable)).code).toBe(429);

    expect((await login(client, EMAILS.bystander, WRONG)).code).toBe(403);
    const other = await client.call('login', { identifier: EMAILS.bystander, password: PASSWORDS.bystander, platform: 'web' });
    expect(other.token).toEqual(expect.any(String));
  });

  it('checks 50 wrong passwords from one address spread over distinct unknown accounts, then refuses the address', async () => {
    // Ten connections (each stays under its own call rate), ten sign-ins at a time (within what the hash threads admit
    // at once); none of the identifiers reaches its own limit.
    const clients = await Promise.all(Array.from({ length: 10 }, () => app().connect()));
    const first: number[] = [];
    for (let batch = 0; batch < 5; batch += 1) {
      const replies = await Promise.all(clients.map((client, index) => loginWhenAdmitted(client, `ghost-${batch * 10 + index}@nowhere.test`, WRONG)));
      first.push(...replies.map((reply) => reply.code));
    }
    expect(first).toEqual(Array(50).fill(403));

    const fiftyFirst = await login(clients[0]!, 'ghost-50@nowhere.test', WRONG);
    expect(fiftyFirst.code).toBe(429);
    expect(fiftyFirst.data?.retryAfter).toBeGreaterThan(0);

    // A fresh identifier, with the right password, from the same address.
    const fresh = await login(clients[1]!, EMAILS.bystander, PASSWORDS.bystander);
    expect(fresh.code).toBe(429);
    expect(fresh.data?.retryAfter).toBeGreaterThan(0);
  });

  it('writes neither the password nor the token to the log', async () => {
    const logs = app().logs;
    const before = logs.length;
    const client = await app().connect();
    const reply = await client.call('login', { identifier: EMAILS.client, password: PASSWORDS.client, platform: 'web' });
    await login(client, EMAILS.client, 'Guess#Secret77');
    const signedIn = await app().connect({ token: reply.token! });
    await signedIn.call('authenticate', { token: reply.token! });
    await signedIn.call('logout', {});

    const written = logs.slice(before).join('');
    expect(written).toContain('sign-in.succeeded');
    // The refused login has its call line too (fields in any order).
    const lines = written.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ event: 'socket.call', name: 'login', status: 403 }));
    expect(written).not.toContain(PASSWORDS.client);
    expect(written).not.toContain('Guess#Secret77');
    expect(written).not.toContain(reply.token!);
    // Not even the signature part of the token.
    expect(written).not.toContain(reply.token!.split('.')[2]!);
  });
});
