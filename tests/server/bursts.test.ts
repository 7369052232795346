import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callLines, tally, times } from './attack';
import { lifecycleSeed } from './fixtures/lifecycle-seed';
import { createStore, describeEngines, engineSkipped, resetLimits, startTestServer, useTestServer, type RawEnvelope, type TestServer, type TestStore } from './harness';

// Issue 24, "Under bursts": a flood of refusals must cost no database connection, and a call that cannot get one is
// answered busy (429 with retryAfter), never 500. The speed figures live in the bench (`npm run bench -- bursts`).

const BUSY = /^The server is busy\. Try again in \d+ seconds?\.$/;

describeEngines('bursts of refusals', (engine) => {
  const app = useTestServer(engine, lifecycleSeed());
  beforeEach(async () => {
    await resetLimits(app());
  });

  it('600 wrong activateAccount codes for one email: 429s and no 500, and the refusals past the budget run no statement', async () => {
    const clients = await Promise.all(Array.from({ length: 12 }, () => app().connect()));
    const since = app().logs.length;
    const email = `flood-${engine}@bursts.test`;
    const replies = await Promise.all(times(600, ['activateAccount', { otp: '000000', email }]).map(([event, payload], index) => clients[index % clients.length]!.emit(event, payload)));
    const counts = tally(replies);
    expect(counts[500]).toBeUndefined();
    expect((counts[403] ?? 0) + (counts[404] ?? 0) + (counts[400] ?? 0)).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(595);
    expect(replies.filter((reply) => reply.code === 429).every((reply) => typeof reply.data?.retryAfter === 'number')).toBe(true);
    // Only the checks and the attempts counted before the first refusal was known touched the database.
    const withStatements = callLines(app(), 'activateAccount', since).filter((line) => line.work.queries > 0);
    expect(withStatements.length).toBeLessThanOrEqual(20);
    for (const client of clients) client.close();
  });
});

describe.skipIf(engineSkipped('postgres'))('a call that cannot get a database connection [postgres]', () => {
  let store: TestStore;
  let app: TestServer;
  beforeAll(async () => {
    store = await createStore('postgres');
    app = await startTestServer({ engine: 'postgres', seed: lifecycleSeed(), store });
  });
  afterAll(async () => {
    await app?.close();
    await store?.dispose();
  });

  it('is answered busy with retryAfter, not 500, and the calls holding the connections finish', async () => {
    // Another client of the database holds a lock every getCompanyDetails waits for: ten of them hold the pool's ten connections.
    const locker = new pg.Client({ connectionString: store.env.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE organizations IN ACCESS EXCLUSIVE MODE');
      const clients = await Promise.all(Array.from({ length: 11 }, () => app.connect()));
      const holding = clients.slice(0, 10).map((client) => client.emit('getCompanyDetails', { orgId: 'alpha' }));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const starved: RawEnvelope = await clients[10]!.emit('getCompanyDetails', { orgId: 'alpha' });
      expect(starved).toMatchObject({ code: 429, data: { retryAfter: 1 } });
      expect(starved.error).toMatch(BUSY);
      await locker.query('COMMIT');
      expect((await Promise.all(holding)).map((reply) => reply.code)).toEqual(times(10, ['', null]).map(() => 200));
      expect(app.logs.some((line) => line.includes('"database.pool-busy"'))).toBe(true);
    } finally {
      await locker.end();
    }
  });
});
