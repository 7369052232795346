// Load shapes the benchmarks share: many sockets, a paced closed loop (each connection within its call rate), an
// open loop at a fixed rate, and sign-ins that hand out tokens.
import { connectSocket, type BenchSocket, type Reply } from './process';
import { BENCH_PASSWORD, benchEmail } from './seed';

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** `count` sockets, connected `batch` at a time (a burst of 10,000 handshakes at once would measure the handshake). */
export async function connectMany(url: string, count: number, auth: (index: number) => Record<string, string> = () => ({}), batch = 200, headers?: (index: number) => Record<string, string>): Promise<BenchSocket[]> {
  const sockets: BenchSocket[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    sockets.push(...(await Promise.all(Array.from({ length: size }, (_, offset) => connectSocket(url, auth(start + offset), headers?.(start + offset))))));
  }
  return sockets;
}

export const closeAll = (sockets: BenchSocket[]) => sockets.forEach((socket) => socket.close());

/** Signs `users` bench accounts in (a few at a time, within each connection's call rate) and returns their tokens. */
export async function signIn(url: string, users: number): Promise<string[]> {
  const sockets = await connectMany(url, Math.min(users, 10));
  const tokens: string[] = [];
  try {
    for (let start = 0; start < users; start += sockets.length) {
      const replies = await Promise.all(
        sockets.slice(0, Math.min(sockets.length, users - start)).map(async (socket, offset) => {
          const login = () => socket.time('login', { identifier: benchEmail(start + offset), password: BENCH_PASSWORD, platform: 'web' });
          // On a machine busy with other work the hash threads may have no room yet: the server says when to come back.
          for (let tries = 1; ; tries += 1) {
            const reply = await login();
            const wait = (reply.data as { retryAfter?: number } | null)?.retryAfter;
            if (reply.code !== 429 || wait === undefined || wait > 5 || tries === 5) return reply;
            await sleep(wait * 1000);
          }
        }),
      );
      for (const reply of replies) {
        const token = (reply.data as { token?: string } | null)?.token;
        if (reply.code !== 200 || !token) throw new Error(`a bench sign-in answered ${reply.code}: ${reply.error}`);
        tokens.push(token);
      }
      await sleep(150);
    }
  } finally {
    closeAll(sockets);
  }
  return tokens;
}

/**
 * Each socket sends a call, waits for its reply, and sends the next no sooner than `gapMs` after the previous one
 * (so a connection stays within its call rate): the server's throughput shows once its replies slow the loop.
 * Counts the replies that arrive inside the measured window (after `warmupMs`).
 */
export async function pacedLoop(sockets: BenchSocket[], call: (socket: number, n: number) => [string, unknown], options: { warmupMs: number; windowMs: number; gapMs: number; onWindow?: (phase: 'start' | 'end') => Promise<void> | void }) {
  const started = performance.now();
  const windowStart = started + options.warmupMs;
  const windowEnd = windowStart + options.windowMs;
  let counted = 0;
  const codes = new Map<number, number>();
  const latencies: number[] = [];
  let windowOpened = false;
  const opener = (async () => {
    await sleep(options.warmupMs);
    windowOpened = true;
    await options.onWindow?.('start');
    await sleep(options.windowMs);
    await options.onWindow?.('end');
  })();
  await Promise.all(
    sockets.map(async (socket, index) => {
      // Spread the first calls over one gap, so the connections do not move in lockstep.
      await sleep(Math.random() * options.gapMs);
      for (let n = 0; performance.now() < windowEnd; n += 1) {
        const sent = performance.now();
        const [event, payload] = call(index, n);
        const reply = await socket.time(event, payload);
        const now = performance.now();
        if (windowOpened && now <= windowEnd && sent >= windowStart) {
          counted += 1;
          latencies.push(reply.ms);
          codes.set(reply.code, (codes.get(reply.code) ?? 0) + 1);
        }
        const wait = options.gapMs - (now - sent);
        if (wait > 0) await sleep(wait);
      }
    }),
  );
  await opener;
  return { perSecond: counted / (options.windowMs / 1000), codes, latencies };
}

/** Fires `fire(n)` at `rate` a second for `seconds`, without waiting for replies; resolves with every reply (or null when none came within `graceMs` of the end). */
export async function openLoop(rate: number, seconds: number, fire: (n: number) => Promise<Reply>, graceMs = 5_000): Promise<(Reply | null)[]> {
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const pending: Promise<Reply | null>[] = [];
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(Promise.race([fire(n), sleep(seconds * 1000 + graceMs).then(() => null)]));
  }
  return Promise.all(pending);
}
