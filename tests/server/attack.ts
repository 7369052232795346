import type { HandshakeAuth } from '../../src/shared/protocol';
import type { RawEnvelope, TestServer } from './harness';

/** One call of a burst: the event and its payload. */
export type Shot = [event: string, payload: unknown];

/** A refusal for want of capacity (the hash threads' admission, a full attempt line): it spends no attempt. */
const BUSY = /^The server is busy\./;
const isBusy = (reply: RawEnvelope) => reply.code === 429 && BUSY.test(String(reply.error ?? ''));

/**
 * Fires every call at once, spread round-robin over `sockets` fresh connections (an attacker's parallel requests),
 * and returns the replies in the order of `shots`. A call the server turned away as busy (on a machine loaded by
 * other suites) spent nothing, so it is sent again after the wait it was told, as a client would, until the
 * budgets themselves have answered every call: what a burst shows is which rule refused, however loaded the machine.
 */
export async function burst(app: TestServer, shots: Shot[], options: { sockets?: number; auth?: HandshakeAuth; headers?: Record<string, string> } = {}): Promise<RawEnvelope[]> {
  const count = options.sockets ?? 25;
  const clients = await Promise.all(Array.from({ length: count }, () => app.connect(options.auth, options.headers)));
  const send = (index: number) => clients[index % count]!.emit(shots[index]![0], shots[index]![1]);
  try {
    const replies = await Promise.all(shots.map((_, index) => send(index)));
    for (let round = 0; round < 20; round += 1) {
      const busy = replies.flatMap((reply, index) => (isBusy(reply) ? [index] : []));
      if (busy.length === 0) break;
      const wait = Math.max(...busy.map((index) => Number(replies[index]!.data?.retryAfter) || 1));
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 3) * 1000));
      const again = await Promise.all(busy.map(send));
      busy.forEach((index, at) => (replies[index] = again[at]!));
    }
    return replies;
  } finally {
    for (const client of clients) client.close();
  }
}

/**
 * One call sent again, after the wait it was told, for as long as the server turns it away as busy (`busyFor` gives
 * that wait in seconds, or null for any other answer): a capacity refusal spends nothing, so what comes back is the
 * budgets' or the domain's answer, however loaded the machine running the tests is.
 */
export async function whenAdmitted<T>(send: () => Promise<T>, busyFor: (reply: T) => number | null): Promise<T> {
  for (let round = 0; ; round += 1) {
    const reply = await send();
    const wait = busyFor(reply);
    if (wait === null || round >= 20) return reply;
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 3) * 1000));
  }
}

/** The wait of a socket reply that is the busy refusal, else null (for `whenAdmitted`). */
export const busySocketReply = (reply: RawEnvelope): number | null => (isBusy(reply) ? Number(reply.data?.retryAfter) || 1 : null);

/** The wait of an HTTP reply that is the busy refusal (429 whose message says so, in `error` or SCIM's `detail`), else null. */
export const busyHttpReply = (reply: { status: number; body: unknown }): number | null => {
  const body = (reply.body ?? {}) as { error?: unknown; detail?: unknown; data?: { retryAfter?: unknown } };
  return reply.status === 429 && BUSY.test(String(body.error ?? body.detail ?? '')) ? Number(body.data?.retryAfter) || 1 : null;
};

/** Replies per code, e.g. { 403: 5, 429: 96 }. */
export function tally(replies: RawEnvelope[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { code } of replies) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

/** The calls that reached their check: every reply but the limit's 429 (the budget is spent before the check). */
export const checked = (replies: RawEnvelope[]) => replies.filter((reply) => reply.code !== 429).length;

interface CallLine {
  event: string;
  name: string;
  status: number;
  work: { queries: number; hashes: number };
}

/** The `socket.call` log lines of one event, from log index `since` on. */
export function callLines(app: TestServer, name: string, since = 0): CallLine[] {
  return app.logs
    .slice(since)
    .map((line) => JSON.parse(line) as CallLine)
    .filter((line) => line.event === 'socket.call' && line.name === name);
}

/** argon2 hashes and verifications done by the calls of one event since log index `since` (the server's own count). */
export const hashesSince = (app: TestServer, name: string, since: number) => callLines(app, name, since).reduce((sum, line) => sum + line.work.hashes, 0);

/** N copies of one shot. */
export const times = (count: number, shot: Shot): Shot[] => Array.from({ length: count }, () => shot);
