import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { countQuery } from '../work';
import type { PgliteThread } from './pglite-thread';
import { schema } from './schema';

/** Every statement is counted in the work of the call that sent it (see src/server/work.ts). */
const logger = { logQuery: (query: string) => countQuery(query) };

/** Connection-level failures: the database is away (stopped, restarting, unreachable), not a wrong statement. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

/** Whether an error means the database cannot be reached right now (the call may succeed again shortly). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && /Connection terminated|Client has encountered a connection error/i.test(message)) return true;
  }
  return false;
}

/**
 * Whether a call waited for a connection of the pool longer than the pool's wait (pg-pool's own refusal): every
 * connection was busy, the database itself answers. The call is refused as busy (429 with `retryAfter`), not as a failure.
 */
export function isPoolExhausted(error: unknown): boolean {
  // drizzle wraps the driver's error (its `cause`).
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    if ((current as { message?: unknown }).message === 'timeout exceeded when trying to connect') return true;
  }
  return false;
}

/** The database, whichever engine is behind it: both speak PostgreSQL through drizzle's pg-core. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a change listener is told: a notification's payload, or that notifications may have been missed. */
export interface ChangeListener {
  onChange(payload: string): void;
  /** The listening connection was lost and is back: anything cached may be stale. */
  onReset(): void;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Listens to a notification channel (LISTEN); on PostgreSQL on a connection of its own that reconnects by itself. */
  listen(channel: string, listener: ChangeListener): Promise<void>;
  close(): Promise<void>;
}

/**
 * LISTEN on PostgreSQL: one dedicated connection, reopened after any loss with a short backoff (at most 1 s), each
 * reopening reported as a reset because notifications sent meanwhile are lost.
 */
function postgresListener(Client: typeof pg.Client, connectionString: string, onIdleError: (error: Error) => void) {
  const channels = new Map<string, ChangeListener>();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 100;
  const open = async (): Promise<void> => {
    if (closed) return;
    const next = new Client({ connectionString, connectionTimeoutMillis: 2000 });
    next.on('notification', (message) => channels.get(message.channel)?.onChange(message.payload ?? ''));
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      if (error) onIdleError(error);
      next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void open(), retryMs).unref();
      retryMs = Math.min(1000, retryMs * 2);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      retryMs = 100;
      for (const listener of channels.values()) listener.onReset();
    } catch (error) {
      lost(error as Error);
    }
  };
  return {
    async listen(channel: string, listener: ChangeListener) {
      channels.set(channel, listener);
      if (client) await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      else await open();
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

export const MIGRATIONS_FOLDER = resolve(import.meta.dirname, 'migrations');

/** A fixed advisory-lock id, so that two instances starting together on one PostgreSQL migrate one at a time. */
const MIGRATION_LOCK = 7_402_113;

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite under dataDir/pglite,
 * and brings the schema up to date with the one set of migrations.
 */
export async function openDatabase(
  options: { databaseUrl: string | null; dataDir: string },
  onIdleError: (error: Error) => void = () => undefined,
  /** PGlite's thread when it was already started (main.ts starts it early; see pglite-thread.ts). */
  embedded?: Promise<PgliteThread>,
): Promise<Database> {
  if (options.databaseUrl) {
    // Each engine's driver is loaded only when used: a server on PostgreSQL does not carry PGlite in memory.
    const [{ default: pgDriver }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // A call waits at most 2 s for a connection: while PostgreSQL is away, calls fail at once instead of hanging.
    // Connections stay open while the server runs (pg closes idle ones after 10 s by default): opening one is several
    // round trips through the event loop, and under a burst of calls (the calls bench, 1,500 connections) a cache miss
    // after a quiet spell could wait more than those 2 s for it and answer 500. An open connection also keeps its
    // prepared statements (db/prepared.ts).
    const pool = new pgDriver.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 2_000, idleTimeoutMillis: 0 });
    // An idle connection that PostgreSQL closes (a restart, an administrator) emits 'error' on the pool; unheard, that
    // would end the process. The pool drops the connection and opens a new one for the next statement.
    pool.on('error', onIdleError);
    const db = drizzlePg({ client: pool, schema, logger });
    try {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client: client as unknown as pg.Pool, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    const notifications = postgresListener(pgDriver.Client, options.databaseUrl, onIdleError);
    return {
      db: db as unknown as Db,
      engine: 'postgres',
      listen: (channel, listener) => notifications.listen(channel, listener),
      close: async () => {
        await notifications.close();
        await pool.end();
      },
    };
  }

  const [{ openPgliteThread, pgliteDirectory }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('./pglite-thread'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // PGlite runs on a thread of its own: its statements never hold up the server's event loop.
  const client = await (embedded ?? openPgliteThread(pgliteDirectory(options.dataDir), onIdleError));
  const db = drizzlePglite({ client: client as unknown as PGlite, schema, logger });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    // One process, one database: nothing is missed while the thread runs; after a crash the thread tells listeners.
    listen: (channel, listener) => client.listen(channel, listener),
    close: () => client.close(),
  };
}

/**
 * Readiness: the database answers, and every migration of this build has been applied (what `openDatabase` does at
 * start; another instance of a newer build may also have moved ahead, which is fine).
 */
export async function databaseReady(db: Db): Promise<{ database: boolean; migrations: boolean }> {
  try {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const rows = await db.execute<{ applied: number }>(sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`);
    const applied = (rows as unknown as { rows: { applied: number }[] }).rows[0]?.applied ?? 0;
    return { database: true, migrations: applied >= journal.entries.length };
  } catch {
    return { database: false, migrations: false };
  }
}

/** True when the database holds no organization and no user yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute<{ empty: boolean }>(
    sql`SELECT NOT EXISTS (SELECT 1 FROM organizations) AND NOT EXISTS (SELECT 1 FROM users) AS empty`,
  );
  return Boolean((rows as unknown as { rows: { empty: boolean }[] }).rows[0]?.empty);
}
