// The load of one burst of `bench/bursts.ts`, in a process of its own; prints one line saying what came back.
//   bursts-client.ts <url> codes <count> <sockets> <email>   wrong activateAccount codes for one email, all at once
//   bursts-client.ts <url> flood <count>                     one socket emitting <count> events at once
import { closeAll, connectMany, sleep } from './load';
import { connectSocket, type BenchSocket, type Reply } from './process';

const tallyOf = (codes: Map<number, number>) => [...codes].sort(([a], [b]) => a - b).map(([code, count]) => `${count} × ${code}`).join(', ');

/** `count` wrong activateAccount codes for one email, all at once over `sockets` connections; the replies' codes. */
async function codeBurst(url: string, count: number, sockets: number, email: string): Promise<string> {
  // From another address than the user's (a proxy on loopback says which), as an attacker would be.
  const clients = await connectMany(url, sockets, () => ({}), 200, () => ({ 'x-forwarded-for': '10.66.0.1' }));
  const started = performance.now();
  const replies: Reply[] = await Promise.all(Array.from({ length: count }, (_, n) => clients[n % sockets]!.time('activateAccount', { otp: '000000', email })));
  const ms = performance.now() - started;
  closeAll(clients);
  const codes = new Map<number, number>();
  for (const reply of replies) codes.set(reply.code, (codes.get(reply.code) ?? 0) + 1);
  const busy = replies.filter((reply) => reply.code === 429 && typeof (reply.data as { retryAfter?: unknown } | null)?.retryAfter === 'number').length;
  return `${count} codes over ${sockets} sockets: ${tallyOf(codes)} (${busy} of the 429s with retryAfter), all answered in ${ms.toFixed(0)} ms`;
}

/** One socket emitting `count` events at once; what it got back before the server closed it. */
async function socketFlood(url: string, count: number): Promise<string> {
  const flooder: BenchSocket = await connectSocket(url, {}, { 'x-forwarded-for': '10.66.0.2' });
  const codes = new Map<number, number>();
  flooder.socket.on('response', (reply: { code: number }) => codes.set(reply.code, (codes.get(reply.code) ?? 0) + 1));
  const closed = new Promise<string>((resolve) => flooder.socket.once('disconnect', resolve));
  for (let n = 0; n < count; n += 1) flooder.socket.emit('getCompanyDetails', { orgId: 'bench' }, { rid: `flood${n}` });
  const reason = await Promise.race([closed, sleep(5_000).then(() => 'still open after 5 s')]);
  flooder.close();
  return `${count} events from one socket: ${tallyOf(codes)} answered, then ${reason}`;
}

const [url, kind, count, sockets, email] = process.argv.slice(2);
console.log(kind === 'codes' ? await codeBurst(url!, Number(count), Number(sockets), email!) : await socketFlood(url!, Number(count)));
process.exit(0);
