// Figures of issue 24's "Under bursts": while a burst with no sign-in floods the server (thousands of wrong
// activateAccount codes for one email over many sockets, or one socket sending 10,000 events), another user's `login`
// and `authenticate` keep their p99 (goals: < 250 ms and < 100 ms), and nothing is answered 500.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { closeAll, signIn, sleep } from './load';
import { connectSocket, percentile, report, spawnPortal } from './process';
import { BENCH_PASSWORD, benchEmail, benchSeed } from './seed';
import { postgresReachable, type Engine } from './server';

const USERS = 4;

/** Calls `call` on its own sockets every `everyMs` (spread so each stays within its connection's rate), each timed. */
function watch(url: string, auth: Record<string, string>, everyMs: number, call: () => [string, unknown]) {
  const times: number[] = [];
  const codes = new Map<number, number>();
  let running = true;
  const done = (async () => {
    const sockets = await Promise.all(Array.from({ length: Math.ceil(1000 / everyMs / 8) }, () => connectSocket(url, auth)));
    for (let n = 0; running; n += 1) {
      const sent = performance.now();
      const reply = await sockets[n % sockets.length]!.time(...call());
      codes.set(reply.code, (codes.get(reply.code) ?? 0) + 1);
      times.push(reply.code === 200 ? reply.ms : Infinity);
      const wait = everyMs - (performance.now() - sent);
      if (wait > 0) await sleep(wait);
    }
    closeAll(sockets);
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { times, codes };
    },
  };
}

const tallyOf = (codes: Map<number, number>) => [...codes].sort(([a], [b]) => a - b).map(([code, count]) => `${count} × ${code}`).join(', ');

/** Another user's login (user 1) and authenticate (user 0's token) timed while `burst` runs, with a second of quiet either side. */
async function during(url: string, token: string, burst: () => Promise<string>) {
  const authenticate = watch(url, { token }, 40, () => ['authenticate', { token }]);
  const login = watch(url, {}, 200, () => ['login', { identifier: benchEmail(1), password: BENCH_PASSWORD, platform: 'web' }]);
  await sleep(1_000);
  const summary = await burst();
  await sleep(1_000);
  return { summary, authenticate: await authenticate.stop(), login: await login.stop() };
}

/**
 * Runs one burst in a process of its own (`bursts-client.ts`): the load generator's own work (encoding thousands of
 * emits, reading their replies) must not delay the timing of the other user's calls, which this process measures.
 * It runs at the lowest CPU priority (`nice -n 19`): an attacker's machine is not the server's, and on a machine of
 * two cores a load generator at equal priority takes the CPU from the server and from this process alike, so their
 * figures would measure the sharing of the cores, not the server. It still sends every event at once: the summary
 * line says how long the server took to answer the whole burst.
 */
function inOwnProcess(...args: string[]): () => Promise<string> {
  return () =>
    new Promise((resolve, reject) => {
      const child = spawn('nice', ['-n', '19', process.execPath, '--import', 'tsx', join(import.meta.dirname, 'bursts-client.ts'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`the burst client ended with ${code}`))));
    });
}

export async function benchBursts(): Promise<void> {
  const engines: Engine[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
  for (const engine of engines) {
    const portal = await spawnPortal(engine, benchSeed(USERS), { TRUST_PROXY: 'loopback' });
    try {
      const [token] = await signIn(portal.url, 2);
      const scenarios: [string, () => Promise<string>][] = [
        ['3,000 wrong codes / 50 sockets', inOwnProcess(portal.url, 'codes', '3000', '50', 'flood-a@bench.test')],
        ['10,000 wrong codes / 100 sockets', inOwnProcess(portal.url, 'codes', '10000', '100', 'flood-b@bench.test')],
        ['one socket, 10,000 events', inOwnProcess(portal.url, 'flood', '10000')],
      ];
      console.log(`\nBursts (${engine}): another user's login and authenticate while the server is flooded`);
      for (const [name, burst] of scenarios) {
        const { summary, authenticate, login } = await during(portal.url, token!, burst);
        console.log(`  ${summary}`);
        console.log(`    meanwhile: authenticate ${tallyOf(authenticate.codes)}; login ${tallyOf(login.codes)}`);
        report(`${name}: another's login p99 ms (${engine})`, percentile(login.times, 99), { atMost: 250 }, `${login.times.length} calls`);
        report(`${name}: another's authenticate p99 ms (${engine})`, percentile(authenticate.times, 99), { atMost: 100 }, `${authenticate.times.length} calls`);
        await sleep(2_000);
      }
    } finally {
      await portal.cleanup();
    }
  }
}
