import { userInfo } from 'node:os';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { executeNamed, prepared, statementName } from './prepared';

// Named statements on a real PostgreSQL (the shared one of this project; TEST_DATABASE_URL overrides), one connection,
// so that what it prepared can be read back from pg_prepared_statements. The table is temporary: nothing is left behind.
const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test');
if (!url.username) url.username = userInfo().username;
const pool = new pg.Pool({ connectionString: url.toString(), max: 1, connectionTimeoutMillis: 3000 });
const reachable = await pool.query('SELECT 1').then(
  () => true,
  (error: Error) => {
    if (process.env.CI) throw new Error(`PostgreSQL is unreachable (${error.message}); CI is set, so these tests must run.`);
    console.warn(`PostgreSQL is unreachable (${error.message}): the named-statement tests are SKIPPED.`);
    return false;
  },
);

const probe = pgTable('prepared_probe', { id: integer('id').primaryKey(), displayName: text('display_name').notNull() });
const probeById = (db: Db) => db.select().from(probe).where(sql`${probe.id} = ${sql.placeholder('id')}`);

describe.skipIf(!reachable)('named statements on PostgreSQL', () => {
  const db = drizzle({ client: pool }) as unknown as Db;
  const preparedNames = async () => (await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows.map((row) => row.name);

  beforeAll(async () => {
    await pool.query('CREATE TEMP TABLE prepared_probe (id integer PRIMARY KEY, display_name text NOT NULL)');
    await pool.query(`INSERT INTO prepared_probe VALUES (1, 'Ada'), (2, 'Grace')`);
  });
  afterAll(() => pool.end());

  it('runs a fixed query with new values each time, mapped like the builder, prepared once on the connection', async () => {
    const first = await prepared(db, probeById).execute({ id: 1 });
    const second = await prepared(db, probeById).execute({ id: 2 });
    expect(first).toEqual([{ id: 1, displayName: 'Ada' }]);
    expect(second).toEqual([{ id: 2, displayName: 'Grace' }]);
    const name = statementName(probeById(db).toSQL().sql);
    expect((await preparedNames()).filter((prepared) => prepared === name)).toHaveLength(1);
  });

  it('gives statements of different texts different names on one connection, and the same text the same name', async () => {
    const one = await executeNamed<{ n: number }>(db, sql`SELECT ${1}::int AS n`);
    const two = await executeNamed<{ n: number; m: number }>(db, sql`SELECT ${2}::int AS n, ${3}::int AS m`);
    const again = await executeNamed<{ n: number }>(db, sql`SELECT ${4}::int AS n`);
    expect([one.rows, two.rows, again.rows]).toEqual([[{ n: 1 }], [{ n: 2, m: 3 }], [{ n: 4 }]]);
    const names = await preparedNames();
    expect(names).toContain(statementName('SELECT $1::int AS n'));
    expect(names).toContain(statementName('SELECT $1::int AS n, $2::int AS m'));
    expect(statementName('SELECT $1::int AS n')).not.toBe(statementName('SELECT $1::int AS n, $2::int AS m'));
  });

  it('keeps the database error of a named statement (a unique violation stays 23505)', async () => {
    await expect(executeNamed(db, sql`INSERT INTO prepared_probe VALUES (${1}, ${'again'})`)).rejects.toMatchObject({ cause: { code: '23505' } });
  });
});
