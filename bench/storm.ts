// Figures: a sign-in storm at twice the machine's hashing capacity (every call answered within 2 s, success or 429
// with retryAfter; authenticate stays fast meanwhile), and 500 sign-in emits from one socket (another user's
// authenticate stays fast).
import { closeAll, connectMany, openLoop, signIn, sleep } from './load';
import { rawVerifiesPerSecond } from './login';
import { connectSocket, percentile, report, spawnPortal, type Reply } from './process';
import { BENCH_PASSWORD, benchEmail, benchSeed } from './seed';
import { postgresReachable, type Engine } from './server';

const SECONDS = Number(process.env.BENCH_STORM_SECONDS ?? 30);
const USERS = 40;

/** authenticate every `everyMs` until stopped, each timed; spread over enough connections to stay within each one's call rate. */
function watchAuthenticate(url: string, token: string, everyMs: number) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    const sockets = await Promise.all(Array.from({ length: Math.ceil(1000 / everyMs / 8) }, () => connectSocket(url, { token })));
    for (let n = 0; running; n += 1) {
      const sent = performance.now();
      const reply = await sockets[n % sockets.length]!.time('authenticate', { token });
      times.push(reply.code === 200 ? reply.ms : Infinity);
      const wait = everyMs - (performance.now() - sent);
      if (wait > 0) await sleep(wait);
    }
    for (const socket of sockets) socket.close();
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return times;
    },
  };
}

const login = (n: number) => ({ identifier: benchEmail(n % USERS), password: BENCH_PASSWORD, platform: 'web' });

export async function benchStorm(): Promise<void> {
  const engines: Engine[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
  for (const engine of engines) {
    // The storm comes from many addresses (a proxy on loopback says which), as a real one would: one address alone
    // would meet its own sign-in budget first.
    const portal = await spawnPortal(engine, benchSeed(USERS), { TRUST_PROXY: 'loopback' });
    try {
      const [token] = await signIn(portal.url, 1);
      const capacity = await rawVerifiesPerSecond();
      const rate = capacity * 2;
      console.log(`\nSign-in storm (${engine}): ${rate.toFixed(0)} sign-ins a second (2 × ${capacity.toFixed(1)} raw verifies/s) for ${SECONDS} s`);
      const sockets = await connectMany(portal.url, Math.ceil(rate / 4), () => ({}), 200, (index) => ({ 'x-forwarded-for': `10.${(index >> 8) & 255}.${index & 255}.7` }));
      const watcher = watchAuthenticate(portal.url, token!, 50);
      const replies = await openLoop(rate, SECONDS, (n) => sockets[n % sockets.length]!.time('login', login(n)));
      const authenticate = await watcher.stop();
      closeAll(sockets);
      const answered = replies.filter((reply): reply is Reply => reply !== null && reply.ms <= 2_000);
      const succeeded = answered.filter((reply) => reply.code === 200).length;
      const busy = answered.filter((reply) => reply.code === 429 && typeof (reply.data as { retryAfter?: unknown } | null)?.retryAfter === 'number').length;
      const other = answered.length - succeeded - busy;
      console.log(`  ${replies.length} sign-ins: ${succeeded} succeeded, ${busy} answered 429 with retryAfter, ${other} other, ${replies.length - answered.length} not answered within 2 s; sign-in p99 ${percentile(replies.map((reply) => reply?.ms ?? Infinity), 99).toFixed(0)} ms`);
      report(`storm: share answered within 2 s, success or 429 (${engine})`, (succeeded + busy) / replies.length, { atLeast: 1 }, 'before: 10–15 %');
      report(`storm: authenticate p99 ms (${engine})`, percentile(authenticate, 99), { atMost: 100 }, `${authenticate.length} calls; before: 6.5–14 s`);

      await sleep(3_000);
      // 500 sign-in emits at once from one connection; another user authenticates meanwhile.
      const flooder = await connectSocket(portal.url, {}, { 'x-forwarded-for': '10.99.0.1' });
      const watcher2 = watchAuthenticate(portal.url, token!, 20);
      const flood = await Promise.all(Array.from({ length: 500 }, (_, n) => flooder.time('login', login(n))));
      const during = await watcher2.stop();
      flooder.close();
      const codes = new Map<number, number>();
      for (const reply of flood) codes.set(reply.code, (codes.get(reply.code) ?? 0) + 1);
      console.log(`  500 emits from one socket: ${[...codes].map(([code, count]) => `${count} × ${code}`).join(', ')}; all answered in ${Math.max(...flood.map((reply) => reply.ms)).toFixed(0)} ms`);
      report(`500 emits from one socket: another's authenticate, max ms (${engine})`, Math.max(...during), { atMost: 100 }, `${during.length} calls; before: 10.6 s`);
    } finally {
      await portal.cleanup();
    }
  }
}
