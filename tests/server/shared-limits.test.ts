import { Redis } from 'ioredis';
import { SESSION_ENDED_EVENT } from '../../src/shared/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema';
import { EMAILS, PASSWORDS, TEST_SEED } from './fixtures/seed';
import { createStore, engineSkipped, redisSkipped, startTestServer, TEST_REDIS_URL, type TestServer, type TestStore } from './harness';

// "Counted in one atomic step that holds across server instances": two instances on one PostgreSQL database, with
// the counters in that database, and again with the counters in Redis (REDIS_URL).

const WRONG = 'Wrong#Pass999';

for (const where of ['database', 'redis'] as const) {
  describe.skipIf(engineSkipped('postgres') || (where === 'redis' && redisSkipped))(`limits shared by two instances (counters in ${where})`, () => {
    let store: TestStore;
    let first: TestServer;
    let second: TestServer;
    const env: Record<string, string> = where === 'redis' ? { REDIS_URL: TEST_REDIS_URL } : {};
    beforeAll(async () => {
      store = await createStore('postgres');
      first = await startTestServer({ engine: 'postgres', seed: TEST_SEED, store, env });
      second = await startTestServer({ engine: 'postgres', seed: TEST_SEED, store, env });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
      await store?.dispose();
    });

    it('a logout through one instance tells and closes the same session\'s socket on the other within a second', async () => {
      const token = (await (await first.connect()).call('login', { identifier: EMAILS.member, password: PASSWORDS.member, platform: 'web' })).token!;
      const onSecond = await second.connect({ token });
      await onSecond.call('authenticate', { token });
      const told = new Promise<number>((resolve) => onSecond.socket.on(SESSION_ENDED_EVENT, () => resolve(performance.now())));
      const closed = new Promise<number>((resolve) => onSecond.socket.on('disconnect', () => resolve(performance.now())));
      const onFirst = await first.connect({ token });
      const loggedOut = performance.now();
      await onFirst.call('logout', {});
      expect((await told) - loggedOut).toBeLessThan(1_000);
      expect((await closed) - loggedOut).toBeLessThan(1_000);
    });

    it('a limit reached through one instance holds on the other, even for attempts sent to both at once', async () => {
      const [a, b] = await Promise.all([first.connect(), second.connect()]);
      const replies = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? a : b).emit('login', { identifier: EMAILS.lockable, password: WRONG, platform: 'web' })));
      expect(replies.filter((reply) => reply.code === 403)).toHaveLength(5);
      expect(replies.filter((reply) => reply.code === 429)).toHaveLength(15);
      expect((await a.emit('login', { identifier: EMAILS.lockable, password: PASSWORDS.lockable, platform: 'web' })).code).toBe(429);
      expect((await b.emit('login', { identifier: EMAILS.lockable, password: PASSWORDS.lockable, platform: 'web' })).code).toBe(429);

      const rows = await first.server.database.db.select().from(rateLimits);
      if (where === 'database') {
        expect(rows.length).toBeGreaterThan(0);
      } else {
        // Counted in Redis, under this deployment's own namespace, and not in the table.
        expect(rows).toEqual([]);
        const redis = new Redis(TEST_REDIS_URL);
        try {
          const keys = await redis.keys('portal-*:password.pair:*');
          expect(keys.length).toBeGreaterThan(0);
          expect(keys.join(' ')).not.toContain(EMAILS.lockable);
        } finally {
          redis.disconnect();
        }
      }
    });

    it('a one-time code (a desktop passkey code) is claimed once across both instances, however many claims race', async () => {
      const key = `desktop-passkey:${crypto.randomUUID()}`;
      const claims = await Promise.all(Array.from({ length: 100 }, (_, index) => (index % 2 ? first : second).server.services.limiter.claimOnce(key, 120)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await first.server.services.limiter.claimOnce(key, 120)).toBe(false);
    });
  });
}
