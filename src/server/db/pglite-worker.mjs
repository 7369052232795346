// Runs on the embedded database's worker thread (src/server/db/pglite-thread.ts): PGlite lives here, so its
// statements never run on the server's event loop. Plain JavaScript so it loads as a worker under tsx, vitest and the
// built server alike.
//
// Messages from the server's thread: { id, op: 'query', sql, params, array, raw, tx? } · { id, op: 'begin' } →
// { tx } · { id, op: 'end', tx, commit } · { id, op: 'listen', channel } · { id, op: 'close' }. Each is answered
// { id, ok: true, result } or { id, ok: false, error }; a notification is posted as { notify: channel, payload }.
import { parentPort, workerData } from 'node:worker_threads';
import { parse, PGlite, protocol, types } from '@electric-sql/pglite';

/** Date and time values as PostgreSQL's text (what drizzle asks PGlite for; it maps them to its column types). */
const AS_TEXT = (value) => value;
const RAW_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((type) => [type, AS_TEXT]),
);

/** What an error carries across the thread boundary: PostgreSQL's fields (code, constraint, …), not the class. */
function describe(error) {
  const fields = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  for (const key of ['code', 'detail', 'hint', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'position', 'where', 'routine']) {
    if (error?.[key] !== undefined) fields[key] = error[key];
  }
  return fields;
}

/**
 * PostgreSQL's buffer cache inside the embedded database. initdb writes 128MB; PGlite sets up (zeroes) all of it at
 * every start, which took about a third of a second and 110 MiB of resident memory on this project's machine. 16MB
 * (2,048 pages) holds the portal's hot tables and indexes many times over; the operating system caches the data files
 * behind it. A deployment that outgrows this uses PostgreSQL (DATABASE_URL), not a larger embedded cache.
 */
const SHARED_BUFFERS = '16MB';

let database;
try {
  database = await PGlite.create(workerData.dataDir, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`] });
} catch (error) {
  parentPort.postMessage({ failed: describe(error) });
  process.exit(1);
}

/** Open transactions by id: PGlite's handle, how to end it (commit or roll back), and its outcome. */
const transactions = new Map();
let nextTransaction = 0;

function begin() {
  return new Promise((started, failed) => {
    const tx = ++nextTransaction;
    const open = {};
    open.done = database.transaction(
      (handle) =>
        new Promise((commit, rollback) => {
          Object.assign(open, { handle, commit, rollback });
          transactions.set(tx, open);
          started({ tx });
        }),
    );
    // A transaction that never opened (BEGIN failed) fails the begin; one that did ends through `end`.
    open.done.catch((error) => {
      if (!open.handle) failed(error);
    });
  });
}

async function end(tx, commit) {
  const open = transactions.get(tx);
  if (!open) throw new Error('No such transaction.');
  transactions.delete(tx);
  if (commit) {
    open.commit();
    await open.done;
  } else {
    const rolledBack = new Error('Rolled back.');
    open.rollback(rolledBack);
    await open.done.catch((error) => {
      if (error !== rolledBack) throw error;
    });
  }
}

/**
 * A statement outside a transaction, as PGlite's `query` runs it but named: PGlite parses every statement again (six
 * protocol steps into the WebAssembly backend each time: parse, describe, bind, describe, execute, sync). Here a text
 * is parsed once under a name of its own (its parameters' types kept), and each run is one step: bind, describe,
 * execute and sync together. PostgreSQL then skips parsing and analysing it, as node-postgres's named statements do
 * (src/server/db/prepared.ts). About 0.6 ms less of this thread's CPU a statement on a sign-in's.
 */
const named = new Map();
let merged = null;
const rawParsers = () => (merged ??= { ...database.parsers, ...RAW_PARSERS });
const { serialize } = protocol;
/** Distinct texts named at most (each holds its plan in the backend); beyond them, PGlite's own `query`. */
const MAX_NAMED = 500;

async function namedQuery(sql, params, options) {
  await database._checkReady();
  return database._runExclusiveTransaction(() =>
    database._runExclusiveQuery(async () => {
      let statement = named.get(sql);
      if (!statement) {
        const name = `portal_${named.size + 1}`;
        let described;
        try {
          await database.execProtocolStream(serialize.parse({ name, text: sql }), { syncToFs: false });
          described = await database.execProtocolStream(serialize.describe({ type: 'S', name }), { syncToFs: false });
        } finally {
          await database.execProtocolStream(serialize.sync(), { syncToFs: false });
        }
        statement = { name, types: described.find((message) => message.name === 'parameterDescription')?.dataTypeIDs ?? [] };
        named.set(sql, statement);
      }
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = database.serializers[statement.types[index]];
        return serializer ? serializer(value) : value.toString();
      });
      const step = [serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()];
      const bytes = new Uint8Array(step.reduce((length, part) => length + part.length, 0));
      step.reduce((offset, part) => (bytes.set(part, offset), offset + part.length), 0);
      const messages = await database.execProtocolStream(bytes, { syncToFs: false });
      await database.syncToFs();
      // The parsers merged once, not spread into a new object of every type's parser at each statement (PGlite's way
      // when a query passes its own).
      return parse.parseResults(messages, options.parsers === RAW_PARSERS ? rawParsers() : database.parsers, { rowMode: options.rowMode })[0];
    }),
  );
}

async function run(message) {
  switch (message.op) {
    case 'query': {
      const options = { rowMode: message.array ? 'array' : 'object', ...(message.raw ? { parsers: RAW_PARSERS } : {}) };
      if (!message.tx && (named.size < MAX_NAMED || named.has(message.sql))) {
        const result = await namedQuery(message.sql, message.params, options);
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      const target = transactions.get(message.tx)?.handle;
      if (!target) throw new Error('The transaction has ended.');
      const result = await target.query(message.sql, message.params, options);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'begin':
      return begin();
    case 'end':
      return end(message.tx, message.commit);
    case 'listen':
      await database.listen(message.channel, (payload) => parentPort.postMessage({ notify: message.channel, payload }));
      return null;
    case 'close':
      await database.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}.`);
  }
}

parentPort.on('message', (message) => {
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, ok: true, result }),
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: describe(error) }),
  );
});
parentPort.postMessage({ ready: true });
