import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database (PGlite) on a worker thread of its own (`pglite-worker.mjs`), behind an object shaped like the
 * part of PGlite that drizzle's PGlite driver uses (`query`, `transaction`) plus `listen` and `close`. PGlite is
 * PostgreSQL compiled to WebAssembly and runs synchronously on whatever thread calls it; on the server's own thread
 * every statement would hold up every other call (a sign-in storm's statements would delay `authenticate`). Here the
 * server's thread only posts a message and awaits the answer.
 *
 * If the thread dies (a crash inside PGlite), the calls waiting on it fail as "database unavailable" (503), the server
 * goes on, and the next statement starts a new thread on the same files (PostgreSQL's recovery replays its log), never
 * within a second of the previous start (a thread that keeps crashing is not restarted in a tight loop); listeners are registered again and told to forget what they cached.
 */

type Row = Record<string, unknown> | unknown[];
export interface QueryResult {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** drizzle passes parsers that keep dates and intervals as text; the worker applies the same ones. */
  parsers?: Record<number, unknown>;
}
interface Listener {
  onChange(payload: string): void;
  onReset(): void;
}
type Request = { op: 'query'; sql: string; params: unknown[]; array: boolean; raw: boolean; tx?: number } | { op: 'begin' } | { op: 'end'; tx: number; commit: boolean } | { op: 'listen'; channel: string } | { op: 'close' };
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ErrorFields };
type ErrorFields = { message: string; name: string } & Record<string, unknown>;

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);
const RESTART_EVERY_MS = 1_000;

/** An error of the database's, rebuilt on this thread with PostgreSQL's fields (code, constraint, …) as they were. */
function rebuild(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields;
  return Object.assign(new Error(message), { name }, rest);
}

/** What every waiting call gets when the thread is gone: a connection failure, so calls answer 503, not 500. */
const unavailable = (why: string) => Object.assign(new Error(`The embedded database stopped: ${why}`), { code: '08006' });

class PgliteThread {
  private worker: Worker | null = null;
  private starting: Promise<Worker> | null = null;
  /** When the running (or last) thread finished opening the database. */
  private lastStart = 0;
  private closed = false;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<string, Listener>();

  constructor(
    private readonly dataDir: string,
    private readonly onLost: (error: Error) => void,
  ) {}

  /** Starts the thread and resolves once PGlite has opened the data directory. */
  start(): Promise<Worker> {
    const worker = new Worker(WORKER_URL, { workerData: { dataDir: this.dataDir } });
    // Only a call in flight keeps the process alive (see `send`), as a socket would.
    worker.unref();
    this.starting = new Promise<Worker>((resolve, reject) => {
      const early = (error: Error) => {
        this.starting = null;
        reject(error);
      };
      worker.once('error', early);
      worker.once('exit', (code) => early(unavailable(`its thread exited with ${code} while opening`)));
      worker.once('message', (message: { ready?: true; failed?: ErrorFields }) => {
        worker.removeAllListeners('error');
        worker.removeAllListeners('exit');
        if (message.failed) {
          early(rebuild(message.failed));
          return;
        }
        this.worker = worker;
        this.starting = null;
        this.lastStart = Date.now();
        worker.on('message', (reply: Reply | { notify: string; payload: string }) => this.receive(reply));
        worker.on('error', (error) => this.lost(worker, error));
        worker.on('exit', (code) => this.lost(worker, unavailable(`its thread exited with ${code}`)));
        resolve(worker);
      });
    });
    return this.starting;
  }

  private receive(message: Reply | { notify: string; payload: string }): void {
    if ('notify' in message) {
      this.listeners.get(message.notify)?.onChange(message.payload);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(rebuild(message.error));
  }

  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const failure = unavailable(error.message);
    for (const waiting of this.pending.values()) waiting.reject(failure);
    this.pending.clear();
    if (!this.closed) this.onLost(failure);
  }

  /** The running thread, or a new one after a crash: at once, but not within a second of the last one's start. */
  private async ready(): Promise<Worker> {
    if (this.worker) return this.worker;
    if (this.closed) throw unavailable('it was closed');
    if (this.starting) return this.starting;
    if (Date.now() - this.lastStart < RESTART_EVERY_MS) throw unavailable('it is restarting');
    const worker = await this.start();
    for (const [channel, listener] of this.listeners) {
      await this.send({ op: 'listen', channel });
      listener.onReset();
    }
    return worker;
  }

  private async send(request: Request): Promise<unknown> {
    const worker = await this.ready();
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...request });
    });
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<QueryResult> {
    return this.send({ op: 'query', sql, params, array: options.rowMode === 'array', raw: Boolean(options.parsers), tx }) as Promise<QueryResult>;
  }

  /** drizzle's PGlite driver runs a transaction's statements through the handle it is given. */
  async transaction<T>(run: (tx: { query: PgliteThread['query'] }) => Promise<T>): Promise<T> {
    const { tx } = (await this.send({ op: 'begin' })) as { tx: number };
    let result: T;
    try {
      result = await run({ query: (sql, params, options) => this.query(sql, params, options, tx) });
    } catch (error) {
      await this.send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.send({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, listener: Listener): Promise<void> {
    this.listeners.set(channel, listener);
    await this.send({ op: 'listen', channel });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const worker = this.worker;
    if (worker) await this.send({ op: 'close' }).catch(() => undefined);
    this.closed = true;
    await worker?.terminate();
  }
}

export type { PgliteThread };

/** Where the embedded database keeps its files under DATA_DIR. */
export const pgliteDirectory = (dataDir: string) => join(dataDir, 'pglite');

/**
 * Opens PGlite on `dir` (made if missing) on a thread of its own; `onLost` hears of a crash (the next statement
 * restarts it). Light to import: `main.ts` starts it before loading the rest of the server, since PGlite's opening
 * (a second or two of WebAssembly) is the longest part of a start.
 */
export async function openPgliteThread(dir: string, onLost: (error: Error) => void): Promise<PgliteThread> {
  mkdirSync(dir, { recursive: true });
  const thread = new PgliteThread(dir, onLost);
  await thread.start();
  return thread;
}
