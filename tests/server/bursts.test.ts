import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_IN_FLIGHT } from '../../src/server/limits/policies';
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

  it('a spent activateAccount budget refuses a burst of 300 with 429 and no 500, without a database statement', async () => {
    const email = `flood-${engine}@bursts.test`;
    const wrong = ['activateAccount', { otp: '000000', email }] as const;
    const first = await app().connect();
    const spending: number[] = [];
    for (let i = 0; i < 7; i += 1) spending.push((await first.emit(...wrong)).code);
    expect(spending.slice(5)).toEqual([429, 429]);
    const clients = await Promise.all(Array.from({ length: 6 }, () => app().connect()));
    const since = app().logs.length;
    const replies = await Promise.all(times(300, [...wrong]).map(([event, payload], index) => clients[index % clients.length]!.emit(event, payload)));
    expect(tally(replies)).toEqual({ 429: 300 });
    expect(replies.every((reply) => typeof reply.data?.retryAfter === 'number')).toBe(true);
    // Refused from memory: not one of them ran a statement (each call's log line counts its statements; the calls
    // beyond the address's ADDRESS_IN_FLIGHT were answered busy before the pipeline, without one).
    const lines = callLines(app(), 'activateAccount', since);
    expect(lines.length).toBeGreaterThanOrEqual(Math.min(300, ADDRESS_IN_FLIGHT));
    expect(lines.filter((line) => line.work.queries > 0)).toHaveLength(0);
  });
});

describeEngines('a burst from one address', (engine) => {
  const app = useTestServer(engine, lifecycleSeed(), () => ({ TRUST_PROXY: '1' }));

  it('runs 16 of its calls at a time: another address\'s call is answered behind a few of them, not behind the burst', async () => {
    // 8 sockets of one address, 45 calls each (within each socket's rate): 360 calls, each a database read.
    const flooders = await Promise.all(Array.from({ length: 8 }, () => app().connect(undefined, { 'x-forwarded-for': '10.88.0.1' })));
    const other = await app().connect(undefined, { 'x-forwarded-for': '10.88.0.2' });
    let answered = 0;
    const burst = Promise.all(
      Array.from({ length: 360 }, (_, index) =>
        flooders[index % 8]!.emit('getCompanyDetails', { orgId: 'alpha' }).then((reply) => {
          answered += 1;
          return reply.code;
        }),
      ),
    );
    // Once the burst is running, the other address asks the same.
    while (answered < 20) await new Promise((resolve) => setImmediate(resolve));
    const before = answered;
    const reply = await other.emit('getCompanyDetails', { orgId: 'alpha' });
    const behind = answered - before;
    expect(reply.code).toBe(200);
    expect(new Set(await burst)).toEqual(new Set([200]));
    // Without turns it waited behind most of the 340 calls still to run (PostgreSQL: 327 of them, measured; PGlite's
    // one thread interleaves it anyway); with them, behind the few running (16 to 21).
    expect(behind).toBeLessThan(60);
    for (const client of [...flooders, other]) client.close();
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
