// Figures: PostgreSQL stopped for 10 s under a running server (three times), and the mail relay away while codes are
// mailed. The database is a cluster of this benchmark's own (never the machine's shared one).
import { startSmtpReceiver } from '../tests/mail/smtp-receiver';
import { ownPostgresProblem, startOwnPostgres } from '../tests/server/own-postgres';
import { signIn, sleep } from './load';
import { connectSocket, freePort, report, spawnPortal } from './process';
import { BENCH_PASSWORD, benchEmail, benchSeed } from './seed';

const OUTAGE_SECONDS = 10;
const TRIES = 3;

async function outages(): Promise<void> {
  if (ownPostgresProblem) {
    console.log(`  skipped: ${ownPostgresProblem}`);
    return;
  }
  const database = await startOwnPostgres();
  // 'pglite' with DATABASE_URL set: the server runs on the benchmark's own cluster.
  const portal = await spawnPortal('pglite', benchSeed(4), { DATABASE_URL: database.url });
  let survived = 0;
  try {
    const [token] = await signIn(portal.url, 1);
    for (let attempt = 1; attempt <= TRIES; attempt += 1) {
      const socket = await connectSocket(portal.url, { token: token! });
      database.stop();
      const slowest = { ms: 0 };
      const codes = new Map<number, number>();
      const end = performance.now() + OUTAGE_SECONDS * 1000;
      let n = 0;
      while (performance.now() < end) {
        for (const reply of await Promise.all([
          socket.time('login', { identifier: benchEmail(n++ % 4), password: BENCH_PASSWORD, platform: 'web' }),
          socket.time('getWorkspaceList', {}),
        ])) {
          slowest.ms = Math.max(slowest.ms, reply.ms);
          codes.set(reply.code, (codes.get(reply.code) ?? 0) + 1);
        }
        await sleep(500);
      }
      database.start();
      const back = performance.now();
      let recovered = Infinity;
      while (performance.now() - back < 30_000) {
        const reply = await socket.time('login', { identifier: benchEmail(n++ % 4), password: BENCH_PASSWORD, platform: 'web' });
        if (reply.code === 200) {
          recovered = performance.now() - back;
          break;
        }
        await sleep(100);
      }
      socket.close();
      const alive = portal.child.exitCode === null;
      if (alive && recovered <= 2_000) survived += 1;
      console.log(`  outage ${attempt}: server ${alive ? 'up' : 'DEAD'}; calls during it answered ${[...codes].map(([code, count]) => `${count} × ${code}`).join(', ')}, slowest ${slowest.ms.toFixed(0)} ms; sign-in succeeded ${recovered.toFixed(0)} ms after the database was back`);
      await sleep(1_000);
    }
  } finally {
    await portal.cleanup();
    database.dispose();
  }
  report('PostgreSQL stopped 10 s: outages survived and recovered within 2 s', survived, { atLeast: TRIES }, `of ${TRIES}; before: the process died 3 of 3`);
}

async function relayAway(): Promise<void> {
  const port = await freePort();
  const portal = await spawnPortal('pglite', benchSeed(4), { SMTP_URL: `smtp://127.0.0.1:${port}` });
  try {
    const socket = await connectSocket(portal.url);
    for (let index = 0; index < 4; index += 1) {
      const reply = await socket.time('forgotPassword', { email: benchEmail(index) });
      if (reply.code !== 200) throw new Error(`forgotPassword answered ${reply.code}`);
    }
    socket.close();
    await sleep(5_000);
    const relay = await startSmtpReceiver(port);
    const back = performance.now();
    try {
      while (relay.messages.length < 4 && performance.now() - back < 90_000) await sleep(200);
      const delivered = new Set(relay.messages.flatMap((mail) => mail.to)).size;
      report('mail relay away 5 s: messages lost', 4 - delivered, { atMost: 0 }, `${delivered} of 4 delivered ${((performance.now() - back) / 1000).toFixed(1)} s after the relay was back; before: 4 of 4 lost`);
    } finally {
      await relay.close();
    }
  } finally {
    await portal.cleanup();
  }
}

export async function benchFaults(): Promise<void> {
  console.log('\nFaults: the database and the mail relay away under a running server');
  await outages();
  await relayAway();
}
