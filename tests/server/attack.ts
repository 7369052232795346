import type { HandshakeAuth } from '../../src/shared/protocol';
import type { RawEnvelope, TestServer } from './harness';

/** One call of a burst: the event and its payload. */
export type Shot = [event: string, payload: unknown];

/**
 * Fires every call at once, spread round-robin over `sockets` fresh connections (an attacker's parallel requests),
 * and returns the replies in the order of `shots`.
 */
export async function burst(app: TestServer, shots: Shot[], options: { sockets?: number; auth?: HandshakeAuth; headers?: Record<string, string> } = {}): Promise<RawEnvelope[]> {
  const count = options.sockets ?? 25;
  const clients = await Promise.all(Array.from({ length: count }, () => app.connect(options.auth, options.headers)));
  try {
    return await Promise.all(shots.map(([event, payload], index) => clients[index % count]!.emit(event, payload)));
  } finally {
    for (const client of clients) client.close();
  }
}

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
