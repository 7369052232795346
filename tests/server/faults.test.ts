import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../mail/smtp-receiver';
import { EMAILS, PASSWORDS, TEST_SEED } from './fixtures/seed';
import { engineSkipped, startTestServer, type TestServer } from './harness';
import { ownPostgresProblem, startOwnPostgres, type OwnPostgres } from './own-postgres';

// The server under faults of its surroundings: the mail relay away while codes are mailed, and its PostgreSQL stopped
// and started again under it. It stays up, answers at once meanwhile, and recovers by itself.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mail while the relay is away', () => {
  let relay: SmtpReceiver;
  let app: TestServer;
  beforeAll(async () => {
    relay = await startSmtpReceiver();
    app = await startTestServer({ engine: 'pglite', seed: TEST_SEED, env: { SMTP_URL: relay.url } });
  });
  afterAll(async () => {
    await app?.close();
    await relay?.close();
  });

  it('keeps every message while the relay is down and delivers each once it is back', async () => {
    const port = relay.port;
    await relay.close();
    const recipients = [EMAILS.member, EMAILS.client, EMAILS.bystander, EMAILS.surveyor];
    const client = await app.connect();
    for (const email of recipients) await expect(client.call('forgotPassword', { email })).resolves.toEqual({ success: true });
    await app.server.drain();
    await sleep(1_500);
    expect(await app.server.services.mailer.depth()).toBe(4);
    expect(app.logs.filter((line) => line.includes('"mail.failed"')).length).toBeGreaterThanOrEqual(4);

    relay = await startSmtpReceiver(port);
    for (const email of recipients) {
      const mail = await relay.waitFor(email, { timeoutMs: 20_000 });
      expect(mail.subject).toBe('Reset your password - Suite Portal');
    }
    await app.server.drain();
    expect(await app.server.services.mailer.depth()).toBe(0);
    expect(relay.messages).toHaveLength(4);
  });
});

describe.skipIf(engineSkipped('postgres') || ownPostgresProblem !== null)('a PostgreSQL outage under a running server', () => {
  let postgres: OwnPostgres;
  let app: TestServer;
  beforeAll(async () => {
    postgres = await startOwnPostgres();
    app = await startTestServer({ engine: 'postgres', seed: TEST_SEED, env: { DATABASE_URL: postgres.url } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    postgres?.dispose();
  });

  it('stays up, answers at once while the database is away, and recovers by itself within 2 s of its return', async () => {
    const token = (await (await app.connect()).call('login', { identifier: EMAILS.member, password: PASSWORDS.member, platform: 'web' })).token!;
    const client = await app.connect({ token });
    await client.call('authenticate', { token });

    postgres.stop();
    const started = performance.now();
    const refused = await client.emit('forgotPassword', { email: EMAILS.admin });
    expect(refused).toMatchObject({ code: 500, error: 'The service is unavailable for a moment. Please try again shortly.' });
    expect(performance.now() - started).toBeLessThan(2_500);
    // What the server has in memory is still served: this session is known.
    await expect(client.call('authenticate', { token })).resolves.toMatchObject({ email: EMAILS.member });
    await sleep(1_000);
    expect((await client.emit('getCompanyDetails', { orgId: 'alpha' })).code).toBe(500);

    postgres.start();
    const back = performance.now();
    let reply = await client.emit('getCompanyDetails', { orgId: 'alpha' });
    while (reply.code !== 200 && performance.now() - back < 5_000) {
      await sleep(100);
      reply = await client.emit('getCompanyDetails', { orgId: 'alpha' });
    }
    expect(reply).toMatchObject({ code: 200, data: { company: 'Alpha Works' } });
    expect(performance.now() - back).toBeLessThan(2_000);
    // A sign-in and a revocation work again, and the process never died.
    const fresh = await app.connect();
    expect((await fresh.call('login', { identifier: EMAILS.admin, password: PASSWORDS.admin, platform: 'web' })).token).toEqual(expect.any(String));
    await client.call('logout', {});
    expect(app.logs.some((line) => line.includes('"database.unavailable"'))).toBe(true);
  }, 60_000);
});
