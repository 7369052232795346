import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { schema } from './schema';

/** The database, whichever engine is behind it: both speak PostgreSQL through drizzle's pg-core. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = resolve(import.meta.dirname, 'migrations');

/** A fixed advisory-lock id, so that two instances starting together on one PostgreSQL migrate one at a time. */
const MIGRATION_LOCK = 7_402_113;

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite under dataDir/pglite,
 * and brings the schema up to date with the one set of migrations.
 */
export async function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg({ client: pool, schema });
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
    return { db: db as unknown as Db, engine: 'postgres', close: () => pool.end() };
  }

  const dir = join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db: db as unknown as Db, engine: 'pglite', close: () => client.close() };
}

/** True when the database holds no organization and no user yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute<{ empty: boolean }>(
    sql`SELECT NOT EXISTS (SELECT 1 FROM organizations) AND NOT EXISTS (SELECT 1 FROM users) AS empty`,
  );
  return Boolean((rows as unknown as { rows: { empty: boolean }[] }).rows[0]?.empty);
}
