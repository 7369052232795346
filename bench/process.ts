// The account server (or a bare socket.io echo server) in a process of its own, so the benchmark's load generator does
// not count as the server's CPU or memory; what /proc says about that process.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { RESPONSE_EVENT } from '../src/shared/protocol';
import { createBenchDatabase, dropBenchDatabase, type Engine } from './server';

const ROOT = resolve(import.meta.dirname, '..');
const CLOCK_TICKS = 100;

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Resident memory, in bytes. */
  rss(): Promise<number>;
  /** CPU time used so far (user + system), in milliseconds. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/** CPU time (user + system) in milliseconds from the text of a /proc/{pid}/stat file. */
const cpuMsOfStat = (stat: string) => {
  const fields = stat.split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
};

async function procStat(pid: number) {
  return { cpuMs: cpuMsOfStat(await readFile(`/proc/${pid}/stat`, 'utf8')) };
}

/** CPU time (user + system) so far of each process named `postgres` on this machine (the PostgreSQL server's), by pid, in milliseconds. */
export async function postgresCpuMs(): Promise<Map<number, number>> {
  const byPid = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (stat.includes(' (postgres) ')) byPid.set(Number(entry), cpuMsOfStat(stat));
  }
  return byPid;
}

/**
 * PostgreSQL's CPU between two readings of postgresCpuMs: each process's growth, a process started meanwhile counted
 * whole. A process that ended meanwhile (a connection closed) takes its last part with it: a slight undercount.
 */
export function postgresCpuBetween(start: Map<number, number>, end: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of end) total += ms - (start.get(pid) ?? 0);
  return total;
}

/** The whole machine's busy CPU time (every core, everything but idle and I/O wait) so far, in milliseconds. */
export async function machineBusyMs(): Promise<number> {
  const ticks = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = ticks[3]! + ticks[4]!;
  return ((ticks.reduce((sum, value) => sum + value, 0) - idle) * 1000) / CLOCK_TICKS;
}

async function procRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

function watch(child: ChildProcess, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  return new Promise((resolveMatch, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start: ${buffered.slice(-2000)}`)), 60_000);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = pattern.exec(buffered);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolveMatch(match);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (buffered += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}: ${buffered.slice(-2000)}`)));
  });
}

/**
 * BENCH_CPU_PROF=<folder>: each server process (the portal's, the echo's) writes a V8 CPU profile there when it stops;
 * open it in Chrome's DevTools (Performance) or speedscope.
 */
/** The built server (`npm run build:server`, or `npm start` once) when there is one, else the TypeScript source through tsx. */
const serverEntry = () => (existsSync(join(ROOT, BUILT_SERVER)) ? [join(ROOT, BUILT_SERVER)] : ['--import', 'tsx', join(ROOT, 'src/server/main.ts')]);
const BUILT_SERVER = 'dist/server/main.js';

const profileArgs = () => (process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`] : []);

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
    probe.once('error', reject);
  });
}

const handle = (child: ChildProcess, url: string): ServerProcess => ({
  url,
  pid: child.pid!,
  child,
  rss: () => procRss(child.pid!),
  cpuMs: async () => (await procStat(child.pid!)).cpuMs,
  stop: () =>
    new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    }),
});

/**
 * The account server on a seed, on PGlite (a fresh directory) or on a fresh PostgreSQL database. It is started twice:
 * once to create and seed the database, then again on it, as a server is restarted in production (a first start on
 * an empty PGlite directory runs initdb, and that process keeps the memory initdb took).
 */
export async function spawnPortal(engine: Engine, seed: unknown, env: Record<string, string> = {}): Promise<ServerProcess & { cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'suite-portal-bench-'));
  const seedFile = join(dir, 'seed.json');
  await writeFile(seedFile, JSON.stringify(seed));
  let database: string | null = null;
  const port = await freePort();
  const base: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: join(dir, 'data'), SEED_FILE: seedFile, LOG_FORMAT: 'json', LOG_LEVEL: 'warn' };
  if (engine === 'postgres') {
    const created = await createBenchDatabase();
    database = created.name;
    base.DATABASE_URL = created.url;
  }
  // LOG_LEVEL=warn keeps the per-call lines out; the listening line is still printed at info by the banner.
  const start = async (args: string[]) => {
    const child = spawn(process.execPath, [...args, ...serverEntry()], { cwd: ROOT, env: { ...process.env, ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    await watch(child, /running: open/, 'the account server');
    return handle(child, `http://127.0.0.1:${port}`);
  };
  await (await start([])).stop();
  const server = await start(profileArgs());
  return {
    ...server,
    cleanup: async () => {
      await server.stop();
      if (database) await dropBenchDatabase(database);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A bare socket.io server of the same version that answers every event with the same envelope, for comparison. */
export async function spawnEcho(): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...profileArgs(), '--import', 'tsx', join(ROOT, 'bench/echo-server.ts')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const [, url] = await watch(child, /echo listening (http:\/\/\S+)/, 'the echo server');
  return handle(child, url!);
}

export interface Reply {
  code: number;
  ms: number;
  data: unknown;
  error: string | null;
}

export interface BenchSocket {
  socket: Socket;
  /** Emits and resolves with the reply's code and the time to it in milliseconds. */
  time(event: string, payload: unknown): Promise<Reply>;
  close(): void;
}

let rid = 0;

export function connectSocket(url: string, auth: Record<string, string> = {}, headers?: Record<string, string>): Promise<BenchSocket> {
  return new Promise((resolveSocket, reject) => {
    const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, auth, timeout: 20_000, extraHeaders: headers });
    const waiting = new Map<string, (reply: { code: number; data: unknown; error: string | null }) => void>();
    socket.on(RESPONSE_EVENT, (reply: { rid?: string; code: number; data: unknown; error: string | null }) => {
      if (!reply.rid) return;
      waiting.get(reply.rid)?.(reply);
      waiting.delete(reply.rid);
    });
    socket.once('connect_error', reject);
    socket.once('connect', () =>
      resolveSocket({
        socket,
        time: (event, payload) =>
          new Promise((done) => {
            const id = `p${++rid}`;
            const started = performance.now();
            waiting.set(id, (reply) => done({ code: reply.code, ms: performance.now() - started, data: reply.data, error: reply.error }));
            socket.emit(event, payload, { rid: id });
          }),
        close: () => socket.disconnect(),
      }),
    );
  });
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** One line of the figures table: what, the measured ratio or value, the goal, and whether it is met. */
export function report(what: string, value: number, goal: { atMost?: number; atLeast?: number }, detail = ''): void {
  const met = (goal.atMost === undefined || value <= goal.atMost) && (goal.atLeast === undefined || value >= goal.atLeast);
  const target = goal.atMost !== undefined ? `≤ ${goal.atMost}` : `≥ ${goal.atLeast}`;
  console.log(`${met ? 'MET ' : 'MISS'}  ${what.padEnd(62)} ${Number.isFinite(value) ? value.toFixed(3) : String(value)}  (goal ${target})${detail ? `  ${detail}` : ''}`);
}
