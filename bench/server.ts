// A real account server for a benchmark: its own data directory (and PostgreSQL database), a seed, no log output.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/log';
import { startPortalServer, type PortalServer } from '../src/server/server';
import { RESPONSE_EVENT } from '../src/shared/protocol';

export type Engine = 'pglite' | 'postgres';

export function adminUrl(): URL {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test');
  if (!url.username) url.username = userInfo().username;
  return url;
}

/** A fresh PostgreSQL database of the bench's own; returns its name and URL. */
export async function createBenchDatabase(): Promise<{ name: string; url: string }> {
  const name = `suite_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl().toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = adminUrl();
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Drops a database made by createBenchDatabase, even with connections still open. */
export async function dropBenchDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl().toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl().toString(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export interface BenchServer {
  server: PortalServer;
  connect(): Promise<BenchClient>;
  close(): Promise<void>;
}

export interface BenchClient {
  /** Emits and resolves with the reply code and the time to it, in milliseconds. */
  time(event: string, payload: unknown): Promise<{ code: number; ms: number }>;
  close(): void;
}

let rid = 0;

export async function startBenchServer(engine: Engine, seed: unknown, options: { onLog?: (line: string) => void } = {}): Promise<BenchServer> {
  const dir = await mkdtemp(join(tmpdir(), 'suite-portal-bench-'));
  const env: Record<string, string> = { DATA_DIR: join(dir, 'data'), PORT: '0', HOST: '127.0.0.1' };
  let database: string | null = null;
  if (engine === 'postgres') {
    const created = await createBenchDatabase();
    database = created.name;
    env.DATABASE_URL = created.url;
  }
  const seedFile = join(dir, 'seed.json');
  await writeFile(seedFile, JSON.stringify(seed));
  const server = await startPortalServer(loadConfig({ ...env, SEED_FILE: seedFile }, dir), { log: options.onLog ? createLogger(options.onLog, { level: 'info' }) : createLogger(() => undefined, { level: 'error' }) });
  const sockets = new Set<Socket>();
  return {
    server,
    connect: () =>
      new Promise((resolve, reject) => {
        const socket = io(server.url, { transports: ['websocket'], forceNew: true, reconnection: false });
        sockets.add(socket);
        socket.once('connect_error', reject);
        socket.once('connect', () =>
          resolve({
            time: (event, payload) =>
              new Promise((done) => {
                const id = `b${++rid}`;
                const started = performance.now();
                const listener = (reply: { rid?: string; code: number }) => {
                  if (reply.rid !== id) return;
                  socket.off(RESPONSE_EVENT, listener);
                  done({ code: reply.code, ms: performance.now() - started });
                };
                socket.on(RESPONSE_EVENT, listener);
                socket.emit(event, payload, { rid: id });
              }),
            close: () => {
              socket.disconnect();
              sockets.delete(socket);
            },
          }),
        );
      }),
    close: async () => {
      for (const socket of sockets) socket.disconnect();
      await server.close();
      if (database) await dropBenchDatabase(database);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
