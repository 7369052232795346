import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Named statements for the hot paths (a sign-in's counters, account lookup and session; a cache miss's reloads).
 *
 * On PostgreSQL a named statement is parsed and planned once per pool connection and then only bound and executed:
 * for the limits' chains of CTEs that is most of PostgreSQL's work per statement (measured on the sign-in's two
 * limit statements: about 1.4 ms of PostgreSQL's CPU unnamed, 0.55 ms named). node-postgres keeps the names per
 * connection and refuses one name for two texts, so a name is derived from the statement's text, never chosen by
 * hand: a query whose shape changes gets a new name by itself. PGlite ignores names (its driver runs each statement
 * as given), so both engines share one code path.
 *
 * Not for a deployment behind a transaction-pooling proxy (PgBouncer in transaction mode before 1.21) that does not
 * track prepared statements; the README's deployment section says so.
 */

/** Distinct texts `executeNamed` names at most; beyond them its statements run unnamed (each connection keeps what it prepared). */
const MAX_DYNAMIC_NAMES = 200;
const names = new Map<string, string>();
const dialect = new PgDialect();

/** The statement name for a text: stable across instances and restarts, unique to the text. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `portal_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** `db.execute(query)` as a named statement: the same result (`{ rows }`), planned once per connection. For statements whose text varies (a chain of as many steps as there are counters). */
export function executeNamed<Row>(db: Db, query: SQL): Promise<{ rows: Row[] }> {
  const built = dialect.sqlToQuery(query);
  const name = names.size < MAX_DYNAMIC_NAMES || names.has(built.sql) ? statementName(built.sql) : undefined;
  return db._.session.prepareQuery(built, undefined, name, false).execute() as Promise<{ rows: Row[] }>;
}

const templates = new Map<string, Query>();

/**
 * `db.execute(query)` as a named statement whose text is built once per `shape` (a statement of `sql.placeholder(…)`s
 * from `build`) and then only executed with `values`: for the hot statements written with `sql` (the limits' chains),
 * where building the text each time was most of the call's own work for them. `shape` names everything the text
 * depends on (the number of counters).
 */
export function executeTemplate<Row>(db: Db, shape: string, build: () => SQL, values: Record<string, unknown>): Promise<{ rows: Row[] }> {
  let built = templates.get(shape);
  if (!built) {
    built = dialect.sqlToQuery(build());
    templates.set(shape, built);
  }
  return db._.session.prepareQuery(built, undefined, statementName(built.sql), false).execute(values) as Promise<{ rows: Row[] }>;
}

/** What drizzle's query builders (select, insert, update, delete) offer for prepared statements. */
interface Preparable<Result> {
  toSQL(): { sql: string };
  prepare(name: string): Prepared<Result>;
}

interface Prepared<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

const preparedByDb = new WeakMap<Db, Map<(db: Db) => Preparable<unknown>, Prepared<unknown>>>();

/**
 * A query of fixed shape, built once per database with `sql.placeholder(…)` for its values and then only executed:
 * neither drizzle (about 70 µs to build a select of all of `users`' columns) nor PostgreSQL (parse and plan) repeats
 * its work per call. `build` must be a function defined once (a module constant), since it is the key.
 */
export function prepared<Result>(db: Db, build: (db: Db) => Preparable<Result>): Prepared<Result> {
  let forDb = preparedByDb.get(db);
  if (!forDb) {
    forDb = new Map();
    preparedByDb.set(db, forDb);
  }
  let query = forDb.get(build) as Prepared<Result> | undefined;
  if (!query) {
    const builder = build(db);
    query = builder.prepare(statementName(builder.toSQL().sql));
    forDb.set(build, query);
  }
  return query;
}
