// Figure: sign-ins a second against the machine's raw argon2id verifications a second (same parameters, same run),
// the p99 of a sign-in at 80 % of that rate, and the SQL statements of one successful sign-in.
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../src/server/auth/passwords';
import { CONNECTION_RATE } from '../src/server/limits/policies';
import { closeAll, connectMany, openLoop, pacedLoop, sleep } from './load';
import { machineBusyMs, percentile, postgresCpuBetween, postgresCpuMs, report, spawnPortal } from './process';
import { BENCH_PASSWORD, benchEmail, benchSeed } from './seed';
import { median, postgresReachable, startBenchServer, type Engine } from './server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const USERS = 64;

/** Verifications a second with every core busy (one verification in flight per core), in this otherwise idle process. */
export async function rawVerifiesPerSecond(seconds = 5): Promise<number> {
  const stored = await hash(BENCH_PASSWORD, ARGON2_OPTIONS as never);
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: availableParallelism() }, async () => {
      while (performance.now() < end) {
        await verify(stored, BENCH_PASSWORD);
        done += 1;
      }
    }),
  );
  return done / seconds;
}

/** The statements (and hashes) one successful sign-in costs, from the call's own work count in its log line. */
async function statementsPerLogin(engine: Engine): Promise<number> {
  const lines: string[] = [];
  const bench = await startBenchServer(engine, benchSeed(2), { onLog: (line) => lines.push(line) });
  try {
    const client = await bench.connect();
    // The second sign-in is the one counted: the first warms the process's once-only work.
    for (const _ of [1, 2]) {
      const { code } = await client.time('login', { identifier: benchEmail(0), password: BENCH_PASSWORD, platform: 'web' });
      if (code !== 200) throw new Error(`login answered ${code}`);
    }
    client.close();
    const calls = lines.map((line) => JSON.parse(line) as { event: string; name?: string; status?: number; work?: { queries: number } }).filter((entry) => entry.event === 'socket.call' && entry.name === 'login' && entry.status === 200);
    return calls.at(-1)!.work!.queries;
  } finally {
    await bench.close();
  }
}

interface CpuNow {
  machine: number;
  server: number;
  postgres: Map<number, number>;
  bench: number;
}

async function cpuNow(portal: { cpuMs(): Promise<number> }): Promise<CpuNow> {
  const own = process.cpuUsage();
  return { machine: await machineBusyMs(), server: await portal.cpuMs(), postgres: await postgresCpuMs(), bench: (own.user + own.system) / 1000 };
}

const login = (n: number) => ['login', { identifier: benchEmail(n % USERS), password: BENCH_PASSWORD, platform: 'web' }] as [string, unknown];

export async function benchLogin(): Promise<void> {
  const engines: Engine[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
  console.log(`\nSign-in throughput: login events/s ÷ raw argon2id verifies/s on ${availableParallelism()} cores (median of ${RUNS})`);
  for (const engine of engines) {
    const portal = await spawnPortal(engine, benchSeed(USERS));
    try {
      const ratios: number[] = [];
      const p99s: number[] = [];
      const bounds: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const raw = await rawVerifiesPerSecond();
        // One sign-in in flight on each connection, on enough connections that the hash threads never idle and no
        // connection goes past its own call rate (CONNECTION_RATE: beyond it a call is answered 429 at once, and the
        // loop would measure refusals): at the raw rate × 1.5, each waits about 150 ms, so under 7 calls a second.
        const perConnection = CONNECTION_RATE.points / CONNECTION_RATE.windowSeconds;
        const sockets = await connectMany(portal.url, Math.max(availableParallelism() * 3, Math.ceil((raw * 1.5) / perConnection)));
        // Each connection signs its own account in, one at a time: one account's sign-ins in flight at once from one
        // address would spend its `password` budget (5 at a time) and be answered 429, which is not what is measured.
        // Where the machine's CPU goes during the window: the server (its hash threads included), PostgreSQL, and this
        // load generator, each per sign-in, against what one verification alone costs in the ceiling's run.
        const cpu = { start: await cpuNow(portal), end: await cpuNow(portal) };
        const closed = await pacedLoop(sockets, (socket) => login(socket), {
          warmupMs: 2_000,
          windowMs: 10_000,
          gapMs: 0,
          onWindow: async (phase) => {
            cpu[phase] = await cpuNow(portal);
          },
        });
        const signedIn = closed.codes.get(200) ?? 0;
        const rate = signedIn / 10;
        const per = (key: keyof CpuNow) => (key === 'postgres' ? postgresCpuBetween(cpu.start.postgres, cpu.end.postgres) : cpu.end[key] - cpu.start[key]) / signedIn;
        const verifyMs = (availableParallelism() * 1000) / raw;
        const machine = per('machine');
        bounds.push(verifyMs / machine);
        if (signedIn !== [...closed.codes.values()].reduce((a, b) => a + b, 0)) console.log(`  ${engine}: not every sign-in succeeded: ${JSON.stringify([...closed.codes])}`);
        await sleep(1_000);
        // At 80 % of that rate, sent on a clock, spread over the connections (each within its call rate).
        let next = 0;
        const open = await openLoop(rate * 0.8, 10, (n) => sockets[next++ % sockets.length]!.time(...login(n)));
        closeAll(sockets);
        const latencies = open.map((reply) => (reply && reply.code === 200 ? reply.ms : Infinity));
        ratios.push(rate / raw);
        p99s.push(percentile(latencies, 99));
        console.log(`  ${engine} run ${run + 1}: raw ${raw.toFixed(1)}/s, login ${rate.toFixed(1)}/s, p99 at 80 % ${percentile(latencies, 99).toFixed(0)} ms`);
        console.log(
          `    CPU per sign-in ${machine.toFixed(1)} ms: server ${per('server').toFixed(1)} (hash threads included), PostgreSQL ${per('postgres').toFixed(1)}, ` +
            `this load generator ${per('bench').toFixed(1)}, rest of the machine ${(machine - per('server') - per('postgres') - per('bench')).toFixed(1)}; one verification alone ${verifyMs.toFixed(1)}`,
        );
        await sleep(1_000);
      }
      // With every core busy, sign-ins a second can be at most (one verification's CPU) ÷ (one sign-in's CPU, all of it).
      report(`login ÷ raw argon2id verifies (${engine})`, median(ratios), { atLeast: 0.9 }, `at most ${median(bounds).toFixed(2)} on these cores: one verification's CPU ÷ one sign-in's, everything included`);
      report(`login p99 at 80 % of that rate, ms (${engine})`, median(p99s), { atMost: 250 });
    } finally {
      await portal.cleanup();
    }
    const statements = await statementsPerLogin(engine);
    console.log(`       SQL statements of one successful login (${engine}): ${statements} (before: 9)`);
  }
}
