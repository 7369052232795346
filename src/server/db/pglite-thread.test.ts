import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './client';
import { openPgliteThread, type PgliteThread } from './pglite-thread';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('PGlite on its own thread', () => {
  let dir: string;
  let thread: PgliteThread;
  const lost: Error[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pglite-thread-'));
    thread = await openPgliteThread(dir, (error) => lost.push(error));
    await thread.query('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL, at timestamptz NOT NULL DEFAULT now())');
  }, 60_000);

  afterAll(async () => {
    await thread?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers statements in object and array rows, dates as text when asked as drizzle does', async () => {
    await thread.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [1, 'first']);
    const objects = await thread.query('SELECT id, body FROM notes WHERE id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, body: 'first' }]);
    const arrays = await thread.query('SELECT id, body, at FROM notes', [], { rowMode: 'array', parsers: {} });
    expect(arrays.rows[0]).toEqual([1, 'first', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/)]);
    const parsed = await thread.query('SELECT at FROM notes');
    expect((parsed.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
  });

  it('starts PostgreSQL with a small buffer cache (quicker to start, lighter in memory than the 128MB initdb writes)', async () => {
    const setting = await thread.query('SHOW shared_buffers');
    expect(setting.rows).toEqual([{ shared_buffers: '16MB' }]);
  });

  it("keeps PostgreSQL's error fields, so a unique violation is still told apart", async () => {
    const error = await thread.query('INSERT INTO notes (id, body) VALUES (1, $1)', ['again']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('runs a transaction alone: a statement from outside waits for its commit, and a failure rolls it back', async () => {
    const order: string[] = [];
    const inside = thread.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (id, body) VALUES (2, $1)', ['in a transaction']);
      order.push('inserted');
      await sleep(100);
      order.push('committing');
    });
    await sleep(20);
    const outside = thread.query('SELECT count(*)::int AS n FROM notes').then((result) => {
      order.push('outside');
      return result.rows[0];
    });
    await inside;
    expect(await outside).toEqual({ n: 2 });
    expect(order).toEqual(['inserted', 'committing', 'outside']);

    await expect(
      thread.transaction(async (tx) => {
        await tx.query('INSERT INTO notes (id, body) VALUES (3, $1)', ['rolled back']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await thread.query('SELECT count(*)::int AS n FROM notes WHERE id = 3')).rows).toEqual([{ n: 0 }]);
  });

  it('delivers notifications to a listener', async () => {
    const heard: string[] = [];
    await thread.listen('changes', { onChange: (payload) => heard.push(payload), onReset: () => heard.push('reset') });
    await thread.query("SELECT pg_notify('changes', 'note 1')");
    await expect.poll(() => heard).toEqual(['note 1']);
  });

  it('survives its thread dying: waiting calls fail as unavailable, the next call reopens the same files', async () => {
    const heard: string[] = [];
    await thread.listen('changes', { onChange: (payload) => heard.push(payload), onReset: () => heard.push('reset') });
    // What a crash inside PGlite looks like from here: the thread is gone.
    const crash = () => (thread as unknown as { worker: Worker }).worker.terminate();
    await sleep(1_000); // the thread has run for a while: a crash now is not a crash loop
    const waiting = thread.query('SELECT pg_sleep(0.5)');
    await sleep(50);
    await crash();
    const failure = await waiting.catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(lost).toHaveLength(1);
    expect((await thread.query('SELECT body FROM notes ORDER BY id')).rows).toEqual([{ body: 'first' }, { body: 'in a transaction' }]);
    expect(heard).toEqual(['reset']);
    await thread.query("SELECT pg_notify('changes', 'after the restart')");
    await expect.poll(() => heard).toEqual(['reset', 'after the restart']);

    // A thread that keeps dying is started again at most once a second; meanwhile calls fail at once.
    await crash();
    expect(isDatabaseUnavailable(await thread.query('SELECT 1').catch((caught: unknown) => caught))).toBe(true);
    await sleep(1_100);
    expect((await thread.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 2 }]);
    expect(lost).toHaveLength(2);
  }, 30_000);
});
