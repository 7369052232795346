// Figure: memory of 10,000 authenticated connections in one server process (each has called authenticate once, so it
// sits in its session's room), against the idle process and against the bare echo server.
import { closeAll, connectMany, signIn, sleep } from './load';
import { report, spawnEcho, spawnPortal, type BenchSocket, type ServerProcess } from './process';
import { benchSeed } from './seed';
import { postgresReachable, type Engine } from './server';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const USERS = 40;
const MIB = 1024 * 1024;

/** The hash threads stop after 30 s without work (src/server/auth/hash-pool.ts); idle is measured after that. */
const QUIET_MS = 35_000;

async function hold(server: ServerProcess, tokens: string[], quietMs: number): Promise<{ idle: number; held: number; perSocket: number; perAddedSocket: number; answered: number }> {
  await sleep(quietMs);
  const idle = await server.rss();
  const auth = (index: number): Record<string, string> => (tokens.length ? { token: tokens[index % tokens.length]! } : {});
  const sockets: BenchSocket[] = [];
  let answered = 0;
  let half = 0;
  // In two halves: the second half's growth is what one more connection costs, without the one-time growth the first
  // connections bring (heap spaces, compiled code, pools), which the figure from idle includes.
  for (const count of [SOCKETS / 2, SOCKETS / 2]) {
    const added = await connectMany(server.url, count, (index) => auth(sockets.length + index), 250);
    for (let start = 0; start < added.length; start += 500) {
      const replies = await Promise.all(added.slice(start, start + 500).map((socket, offset) => socket.time('authenticate', { token: tokens[(sockets.length + start + offset) % tokens.length] ?? 'echo' })));
      answered += replies.filter((reply) => reply.code === 200).length;
    }
    sockets.push(...added);
    await sleep(5_000);
    if (!half) half = await server.rss();
  }
  const held = await server.rss();
  closeAll(sockets);
  return { idle, held, perSocket: (held - idle) / SOCKETS, perAddedSocket: (held - half) / (SOCKETS / 2), answered };
}

export async function benchSockets(): Promise<void> {
  const engines: Engine[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
  console.log(`\nMemory: ${SOCKETS} authenticated connections in one process (resident set size; idle is after sign-ins and ${QUIET_MS / 1000} s without work)`);
  const echo = await spawnEcho();
  let bareKiB: number;
  try {
    const bare = await hold(echo, [], 2_000);
    bareKiB = bare.perSocket / 1024;
    console.log(`  echo: idle ${(bare.idle / MIB).toFixed(0)} MiB, ${(bare.perSocket / 1024).toFixed(1)} KiB a connection (${(bare.perAddedSocket / 1024).toFixed(1)} KiB for each of the second ${SOCKETS / 2})`);
  } finally {
    await echo.stop();
  }
  for (const engine of engines) {
    const portal = await spawnPortal(engine, benchSeed(USERS));
    try {
      const tokens = await signIn(portal.url, USERS);
      const result = await hold(portal, tokens, QUIET_MS);
      console.log(`  ${engine}: ${result.answered} of ${SOCKETS} authenticated; idle ${(result.idle / MIB).toFixed(0)} MiB, held ${(result.held / MIB).toFixed(0)} MiB`);
      // Most of a connection's memory is socket.io's own (the echo server's, in this run); what the portal adds is the rest.
      const kib = result.perSocket / 1024;
      report(`KiB per authenticated connection (${engine})`, kib, { atMost: 20 }, `bare socket.io ${bareKiB.toFixed(1)} in this run, the portal's own ${(kib - bareKiB).toFixed(1)}; before: ${engine === 'pglite' ? 37 : 20} KiB`);
      console.log(`       each of the second ${SOCKETS / 2} connections alone: ${(result.perAddedSocket / 1024).toFixed(1)} KiB`);
      if (engine === 'postgres') report('idle resident MiB (postgres)', result.idle / MIB, { atMost: 150 }, 'before: 190 MiB');
      else console.log(`       idle resident MiB (pglite): ${(result.idle / MIB).toFixed(0)} (before: 444; the embedded database's memory)`);
    } finally {
      await portal.cleanup();
    }
  }
}
