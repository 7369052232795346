// Figure: the CPU a successful password sign-in costs the server outside its argon2id verification (issue 23: at
// most 5 ms). The server's CPU time (every thread: the event loop, PGlite's thread, the hash threads) over a few
// hundred sign-ins at a pace the machine keeps up with, less its idle CPU over as long, less what the hash threads
// spent hashing (each measures its own thread's CPU: `portal_hash_cpu_seconds` of /metrics). CPU time, not wall time,
// so other work on the machine does not count.
import { closeAll, connectMany, sleep } from './load';
import { postgresCpuBetween, postgresCpuMs, report, spawnPortal, type BenchSocket } from './process';
import { BENCH_PASSWORD, benchEmail, benchSeed } from './seed';
import { median, postgresReachable, type Engine } from './server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SOCKETS = 8;
const PER_SOCKET = 40;
/** A browser's user agent, as the portal's sign-ins carry (the session records the device it names). */
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Each connection sends its next sign-in no sooner than this after the last (within CONNECTION_RATE, and below saturation). */
const GAP_MS = 150;

/** The CPU the portal's hash threads have spent hashing, in milliseconds, from its /metrics (loopback is let in). */
async function hashCpuMs(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = /^portal_hash_cpu_seconds (\S+)$/m.exec(text);
  if (!line) throw new Error('/metrics has no portal_hash_cpu_seconds');
  return Number(line[1]) * 1000;
}

/** Each socket signs its own accounts in, one at a time, `GAP_MS` apart; every reply must be a success. */
async function signInRound(sockets: BenchSocket[], users: number, round: number, busy = { count: 0 }): Promise<number> {
  let done = 0;
  await Promise.all(
    sockets.map(async (socket, index) => {
      for (let k = 0; k < PER_SOCKET; k += 1) {
        const started = performance.now();
        const user = (index + sockets.length * (k + round)) % users;
        let reply = await socket.time('login', { identifier: benchEmail(user), password: BENCH_PASSWORD, platform: 'web' });
        // A machine busy with other work makes the hashes slow, and the admission answers 429 at once: sent again (the
        // refusal's little CPU counts against the sign-ins; `busy` says how many there were).
        while (reply.code === 429 && (reply.data as { retryAfter?: number } | null)?.retryAfter) {
          busy.count += 1;
          await sleep(250);
          reply = await socket.time('login', { identifier: benchEmail(user), password: BENCH_PASSWORD, platform: 'web' });
        }
        if (reply.code !== 200) throw new Error(`a sign-in answered ${reply.code}: ${reply.error}`);
        done += 1;
        await sleep(Math.max(0, GAP_MS - (performance.now() - started)));
      }
    }),
  );
  return done;
}

export async function benchSignInCpu(): Promise<void> {
  const engines: Engine[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
  console.log(`\nCPU per successful sign-in outside its argon2id verification (median of ${RUNS})`);
  const users = SOCKETS * 4;
  for (const engine of engines) {
    const portal = await spawnPortal(engine, benchSeed(users));
    try {
      const sockets = await connectMany(portal.url, SOCKETS, () => ({}), SOCKETS, () => ({ 'User-Agent': BROWSER }));
      // The first sign-ins warm the process (module loads, JIT, the prepared statements, the caches).
      await signInRound(sockets, users, 0);
      const outside: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        await sleep(500);
        const idleStart = await portal.cpuMs();
        await sleep(2_000);
        const idlePerMs = ((await portal.cpuMs()) - idleStart) / 2_000;
        const [hashStart, cpuStart, postgresStart, started] = [await hashCpuMs(portal.url), await portal.cpuMs(), await postgresCpuMs(), performance.now()];
        const busy = { count: 0 };
        const signedIn = await signInRound(sockets, users, run + 1, busy);
        const elapsed = performance.now() - started;
        const server = ((await portal.cpuMs()) - cpuStart - idlePerMs * elapsed) / signedIn;
        const hashing = ((await hashCpuMs(portal.url)) - hashStart) / signedIn;
        const postgres = postgresCpuBetween(postgresStart, await postgresCpuMs()) / signedIn;
        outside.push(server - hashing);
        console.log(
          `  ${engine} run ${run + 1}: ${signedIn} sign-ins, server ${server.toFixed(2)} ms CPU each, of which the hash threads (argon2id) ${hashing.toFixed(2)}: outside them ${(server - hashing).toFixed(2)}` +
            (engine === 'postgres' ? `; PostgreSQL besides ${postgres.toFixed(2)} (every postgres process on the machine)` : '') +
            (busy.count ? `; ${busy.count} answered 429 (busy) and sent again` : ''),
        );
      }
      closeAll(sockets);
      report(`sign-in CPU outside argon2id, ms (${engine})`, median(outside), { atMost: 5 }, `(2026-11-27, before issue 23: ${engine === 'pglite' ? '7.5 to 8.0' : '3.1 to 3.8, PostgreSQL besides 1.6'})`);
    } finally {
      await portal.cleanup();
    }
  }
}
