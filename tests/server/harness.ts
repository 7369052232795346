import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { rateLimits, users } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/log';
import { startPortalServer, type PortalServer } from '../../src/server/server';
import { startSmtpReceiver, type SmtpReceiver } from '../mail/smtp-receiver';
import { EVENTS } from '../../src/shared/protocol/contract';
import { createCaller, ResponseEnvelopeSchema, RESPONSE_EVENT, type Call, type ErrorData, type HandshakeAuth } from '../../src/shared/protocol';

export type Engine = 'pglite' | 'postgres';
export const ENGINES: readonly Engine[] = ['pglite', 'postgres'];

/** The PostgreSQL server the postgres suites create their databases on. A URL without a user gets the OS user, as libpq does. */
function adminUrl(): URL {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test');
  if (!url.username) url.username = userInfo().username;
  return url;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl().toString(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function probePostgres(): Promise<string | null> {
  try {
    await withAdmin((client) => client.query('SELECT 1'));
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const postgresProblem = await probePostgres();
if (postgresProblem !== null) {
  const where = adminUrl();
  where.password = '';
  const message = `PostgreSQL at ${where.toString()} is unreachable (${postgresProblem}).`;
  if (process.env.CI) throw new Error(`${message} CI is set, so the postgres server suites must run: start PostgreSQL or set TEST_DATABASE_URL.`);
  console.warn(`\n  ${message}\n  The postgres server suites are SKIPPED. Start PostgreSQL or set TEST_DATABASE_URL to run them.\n`);
}

/** Redis for the suites where instances share state; REDIS_URL of the tests, default the local one. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function probeRedis(): Promise<string | null> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    redis.disconnect();
  }
}

const redisProblem = await probeRedis();
if (redisProblem !== null) {
  const message = `Redis at ${TEST_REDIS_URL} is unreachable (${redisProblem}).`;
  if (process.env.CI) throw new Error(`${message} CI is set, so the Redis suites must run: start Redis or set TEST_REDIS_URL.`);
  console.warn(`\n  ${message}\n  The Redis server suites are SKIPPED. Start Redis or set TEST_REDIS_URL to run them.\n`);
}

/** Whether the suites that need Redis are skipped on this machine. */
export const redisSkipped = redisProblem !== null;

/** Whether the suites of an engine are skipped on this machine. */
export const engineSkipped = (engine: Engine): boolean => engine === 'postgres' && postgresProblem !== null;

/** One describe block per engine; the postgres block is skipped (with the message above) when PostgreSQL is unreachable outside CI. */
export function describeEngines(name: string, body: (engine: Engine) => void): void {
  for (const engine of ENGINES) describe.skipIf(engineSkipped(engine))(`${name} [${engine}]`, () => body(engine));
}

/** Where a server keeps its data: a temp directory and, for postgres, a database of its own. Outlives server restarts. */
export interface TestStore {
  engine: Engine;
  dir: string;
  env: Record<string, string>;
  dispose(): Promise<void>;
}

export async function createStore(engine: Engine): Promise<TestStore> {
  const dir = await mkdtemp(join(tmpdir(), 'suite-portal-test-'));
  const env: Record<string, string> = { DATA_DIR: join(dir, 'data') };
  let dbName: string | null = null;
  if (engine === 'postgres') {
    try {
      const name = `suite_test_${randomBytes(6).toString('hex')}`;
      await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
      dbName = name;
      const url = adminUrl();
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }
  return {
    engine,
    dir,
    env,
    dispose: async () => {
      if (dbName) await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A reply envelope as received (checked against the contract's envelope schema), with error data readable. */
export interface RawEnvelope {
  event: string;
  data: (ErrorData & Record<string, unknown>) | null;
  error: string | null;
  code: number;
  rid?: string;
}

export interface TestClient {
  socket: Socket;
  /** The renderer's typed caller: checks the payload first, rejects with a CallError on an error reply. */
  call: Call;
  /** Sends anything as `event` and resolves with the raw reply envelope carrying `rid`. */
  emit(event: string, payload: unknown, rid?: string): Promise<RawEnvelope>;
  close(): void;
}

export interface TestServer {
  engine: Engine;
  url: string;
  server: PortalServer;
  /** Every log line the server wrote, in order. */
  logs: string[];
  /**
   * A client; `headers` go with the handshake (X-Forwarded-For, for a server started with TRUST_PROXY). It connects
   * over WebSocket, or with `transports: ['polling', 'websocket']` starts on HTTP long-polling and upgrades, as behind
   * a balancer with sticky sessions.
   */
  connect(auth?: HandshakeAuth, headers?: Record<string, string>, transports?: Transport[]): Promise<TestClient>;
  /** The id of a seeded user, by email. */
  userId(email: string): Promise<string>;
  close(): Promise<void>;
}

let ridCounter = 0;

type Transport = 'polling' | 'websocket';

function openClient(url: string, auth: HandshakeAuth | undefined, headers: Record<string, string> | undefined, transports: Transport[], onClose: (client: TestClient) => void): Promise<TestClient> {
  const socket = io(url, { transports, auth: auth ?? {}, extraHeaders: headers, forceNew: true, reconnection: false, timeout: 5000 });
  const { call, dispose } = createCaller(socket, { timeoutMs: 10_000, contract: EVENTS });
  const client: TestClient = {
    socket,
    call,
    emit: (event, payload, rid = `raw-${++ridCounter}`) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          socket.off(RESPONSE_EVENT, listener);
          reject(new Error(`no reply to ${event} (rid ${rid})`));
        }, 10_000);
        const listener = (raw: unknown) => {
          if ((raw as { rid?: unknown } | null)?.rid !== rid) return;
          clearTimeout(timer);
          socket.off(RESPONSE_EVENT, listener);
          const parsed = ResponseEnvelopeSchema.safeParse(raw);
          if (parsed.success) resolve(parsed.data as RawEnvelope);
          else reject(new Error(`reply outside the contract: ${JSON.stringify(raw)}`));
        };
        socket.on(RESPONSE_EVENT, listener);
        socket.emit(event, payload, { rid });
      }),
    close: () => {
      dispose();
      socket.disconnect();
      onClose(client);
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (error) => {
      client.close();
      reject(error);
    });
  });
}

/**
 * Starts a real account server on a free port of 127.0.0.1 with `seed` written to a seed file, on its own
 * store (or on `store`, which then outlives this server: for restart tests). Log lines are collected, not printed.
 */
export async function startTestServer(options: { engine: Engine; seed: unknown; store?: TestStore; env?: Record<string, string> }): Promise<TestServer> {
  const store = options.store ?? (await createStore(options.engine));
  const ownsStore = options.store === undefined;
  const logs: string[] = [];
  const clients = new Set<TestClient>();
  try {
    const seedFile = join(store.dir, `seed-${randomBytes(4).toString('hex')}.json`);
    await writeFile(seedFile, JSON.stringify(options.seed, null, 2));
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_FILE: seedFile, ...store.env, ...options.env }, store.dir);
    const server = await startPortalServer(config, { log: createLogger((line) => logs.push(line)) });
    return {
      engine: options.engine,
      url: server.url,
      server,
      logs,
      connect: async (auth, headers, transports = ['websocket']) => {
        const client = await openClient(server.url, auth, headers, transports, (closed) => clients.delete(closed));
        clients.add(client);
        return client;
      },
      userId: async (email) => {
        const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (!row) throw new Error(`no seeded user ${email}`);
        return row.id;
      },
      close: async () => {
        for (const client of [...clients]) client.close();
        await server.close();
        if (ownsStore) await store.dispose();
      },
    };
  } catch (error) {
    if (ownsStore) await store.dispose();
    throw error;
  }
}

/** Starts one server for the enclosing describe block and stops it after; returns a getter for it. */
export function useTestServer(engine: Engine, seed: unknown, env?: () => Record<string, string>): () => TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer({ engine, seed, env: env?.() });
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error('the test server did not start');
    return current;
  };
}

/**
 * Empties the attempt counters between tests: the table, and the refusals the server remembers in memory
 * (limits/deny-cache.ts), as an operator emptying the table would restart or wait DENY_CACHE_MAX_MS.
 */
export async function resetLimits(app: TestServer): Promise<void> {
  await app.server.database.db.delete(rateLimits);
  app.server.services.limiter.forgetRefusals();
}

/** Signs in over a fresh socket and returns the token. */
export async function signIn(app: TestServer, identifier: string, password: string): Promise<string> {
  const client = await app.connect();
  try {
    const reply = await client.call('login', { identifier, password, platform: 'web' });
    if (!reply.token) throw new Error(`no token for ${identifier}: ${JSON.stringify(reply)}`);
    return reply.token;
  } finally {
    client.close();
  }
}

/**
 * What the renderer does with a token a sign-in answered with: a new connection opened with it (the handshake is the
 * one way a connection is signed in), with the same handshake headers; the connection the token came on is closed.
 */
export async function continueOn(app: TestServer, from: TestClient, token: string, headers?: Record<string, string>, auth: HandshakeAuth = {}): Promise<TestClient> {
  from.close();
  return app.connect({ ...auth, token }, headers);
}

/**
 * A real SMTP receiver for the enclosing describe block and a server that mails to it. Call inside
 * describeEngines; returns getters for the server and the receiver.
 */
export function useTestServerWithMail(engine: Engine, seed: unknown, env: Record<string, string> = {}): { app: () => TestServer; mail: () => SmtpReceiver } {
  let receiver: SmtpReceiver | undefined;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
  });
  const app = useTestServer(engine, seed, () => ({ ...env, SMTP_URL: receiver!.url }));
  afterAll(async () => {
    await receiver?.close();
  });
  return {
    app,
    mail: () => {
      if (!receiver) throw new Error('the SMTP receiver did not start');
      return receiver;
    },
  };
}
