// Figure: a cold start of the built server (node dist/server/main.js) on a database that already exists (created and
// seeded by a first start, as after a deploy), on PGlite and on PostgreSQL: the time from spawning the process until
// its port accepts a connection, and until /readyz says ready (the database open and migrated, the app serving). A bare
// node:http server spawned the same way is the floor. Median of BENCH_RUNS × 3 starts each.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort, report } from './process';
import { benchSeed } from './seed';
import { adminUrl, median, postgresReachable, type Engine } from './server';

const ROOT = resolve(import.meta.dirname, '..');
const BUILT = join(ROOT, 'dist/server/main.js');
const STARTS = Number(process.env.BENCH_RUNS ?? 3) * 3;
const BARE = "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')";

const accepts = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

const isReady = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
  } catch {
    return false;
  }
};

const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/** Spawns, then polls: milliseconds until the port accepts, and until `ready` (if given) holds. */
async function timeStart(args: string[], env: Record<string, string>, port: number, ready?: (port: number) => Promise<boolean>): Promise<{ listening: number; ready: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let failed = '';
  child.stderr!.on('data', (chunk: Buffer) => (failed += chunk.toString()));
  try {
    const poll = async (check: (port: number) => Promise<boolean>, everyMs: number) => {
      while (!(await check(port))) {
        if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${failed.slice(-1000)}`);
        await new Promise((r) => setTimeout(r, everyMs));
      }
      return performance.now() - started;
    };
    // The port is probed every 2 ms; readiness every 20 ms, so the probes do not slow the start they measure.
    const listening = await poll(accepts, 2);
    return { listening, ready: ready ? await poll(ready, 20) : listening };
  } finally {
    await stop(child);
  }
}

/** A data folder, and for PostgreSQL a database, made and seeded by one start of the built server. */
async function existingDatabase(engine: Engine): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'suite-portal-coldstart-'));
  const seedFile = join(dir, 'seed.json');
  await writeFile(seedFile, JSON.stringify(benchSeed(10)));
  const env: Record<string, string> = { HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn', LOG_FORMAT: 'json' };
  let database: string | null = null;
  if (engine === 'postgres') {
    database = `suite_coldstart_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl().toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const url = adminUrl();
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  // The seed is applied by this first start only: the starts measured are restarts on the data, with no seed file.
  await timeStart([BUILT], { ...env, SEED_FILE: seedFile }, await freePort(), isReady);
  return {
    env,
    cleanup: async () => {
      if (database) {
        const admin = new pg.Client({ connectionString: adminUrl().toString() });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
        await admin.end();
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function benchColdStart(): Promise<void> {
  console.log(`\nCold start of the built server on an existing database (median of ${STARTS} starts)`);
  if (!existsSync(BUILT)) throw new Error('dist/server/main.js is missing: run `npm run build:server` first.');
  const port = await freePort();
  const bare: number[] = [];
  for (let i = 0; i < STARTS; i += 1) bare.push((await timeStart(['-e', BARE], {}, port)).listening);
  const floor = median(bare);
  console.log(`      a bare node:http server listens after ${floor.toFixed(0)} ms`);
  const engines: Engine[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
  for (const engine of engines) {
    const database = await existingDatabase(engine);
    try {
      const listening: number[] = [];
      const ready: number[] = [];
      for (let i = 0; i < STARTS; i += 1) {
        const times = await timeStart([BUILT], database.env, port, isReady);
        listening.push(times.listening);
        ready.push(times.ready);
      }
      const [l, r] = [median(listening), median(ready)];
      report(`cold start to listening, ${engine} (s)`, l / 1000, { atMost: 1 }, `${(l / floor).toFixed(1)}× bare node`);
      report(`cold start to ready (/readyz 200), ${engine} (s)`, r / 1000, { atMost: 1 }, `${(r / floor).toFixed(1)}× bare node`);
    } finally {
      await database.cleanup();
    }
  }
  if (!engines.includes('postgres')) console.log('      PostgreSQL not reachable (TEST_DATABASE_URL): its figures are left out.');
}
