// Figure: authenticated calls (authenticate and getWorkspaceList, alternately) a second against a bare socket.io echo
// server of the same version answering with the same envelope; and the server's CPU time per call.
import { closeAll, connectMany, pacedLoop, signIn } from './load';
import { report, spawnEcho, spawnPortal, type ServerProcess } from './process';
import { benchSeed } from './seed';
import { median, postgresReachable, type Engine } from './server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const USERS = 40;
/** Connections and their pace: each stays under its call rate (50 calls in 5 s) with 110 ms between its calls. */
const SOCKETS = Number(process.env.BENCH_CALL_SOCKETS ?? 1500);
const GAP_MS = 110;
/** The server's log level during the calls: info, production's default, so each call's `socket.call` line is counted. */
const LOG_LEVEL = process.env.BENCH_CALLS_LOG_LEVEL ?? 'info';

async function measure(server: ServerProcess, tokens: string[]): Promise<{ perSecond: number; cpuMsPerCall: number; failed: number; codes: Map<number, number> }> {
  const sockets = await connectMany(server.url, SOCKETS, (index): Record<string, string> => (tokens.length ? { token: tokens[index % tokens.length]! } : {}));
  let cpuAtStart = 0;
  let cpuMs = 0;
  try {
    const result = await pacedLoop(
      sockets,
      (socket, n) => (n % 2 === 0 ? ['authenticate', { token: tokens[socket % tokens.length] ?? 'echo' }] : ['getWorkspaceList', {}]),
      {
        warmupMs: 3_000,
        windowMs: 10_000,
        gapMs: GAP_MS,
        onWindow: async (phase) => {
          if (phase === 'start') cpuAtStart = await server.cpuMs();
          else cpuMs = (await server.cpuMs()) - cpuAtStart;
        },
      },
    );
    const ok = result.codes.get(200) ?? 0;
    const all = [...result.codes.values()].reduce((a, b) => a + b, 0);
    return { perSecond: ok / 10, cpuMsPerCall: cpuMs / Math.max(1, all), failed: all - ok, codes: result.codes };
  } finally {
    closeAll(sockets);
  }
}

export async function benchCalls(): Promise<void> {
  const engines: Engine[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
  console.log(`\nAuthenticated calls: authenticate + getWorkspaceList events/s ÷ a bare socket.io echo server (${SOCKETS} connections, LOG_LEVEL=${LOG_LEVEL}, median of ${RUNS})`);
  const echo = await spawnEcho();
  try {
    for (const engine of engines) {
      const portal = await spawnPortal(engine, benchSeed(USERS), { LOG_LEVEL });
      try {
        const tokens = await signIn(portal.url, USERS);
        const ratios: number[] = [];
        const cpu: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const bare = await measure(echo, []);
          const ours = await measure(portal, tokens);
          if (ours.failed) console.log(`  ${engine}: ${ours.failed} calls were not answered 200 (replies by code: ${JSON.stringify(Object.fromEntries(ours.codes))})`);
          ratios.push(ours.perSecond / bare.perSecond);
          cpu.push(ours.cpuMsPerCall);
          console.log(`  ${engine} run ${run + 1}: echo ${bare.perSecond.toFixed(0)}/s at ${bare.cpuMsPerCall.toFixed(3)} ms CPU a call; portal ${ours.perSecond.toFixed(0)}/s at ${ours.cpuMsPerCall.toFixed(3)} ms CPU a call`);
        }
        report(`authenticated calls ÷ echo (${engine})`, median(ratios), { atLeast: engine === 'pglite' ? 0.3 : 0.5 }, `server CPU ${median(cpu).toFixed(3)} ms a call (before: ${engine === 'pglite' ? '3.9' : '1.7'})`);
      } finally {
        await portal.cleanup();
      }
    }
  } finally {
    await echo.stop();
  }
}
