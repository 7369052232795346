// How long a call about an unknown account takes next to the same call about a known one, on both engines: the
// replies and the counted work are equal (tests/server/equal-work.test.ts); this reports the time that remains.
import { rateLimits } from '../src/server/db/schema';
import { lifecycleSeed, ONBOARDING } from '../tests/server/fixtures/lifecycle-seed';
import { EMAILS } from '../tests/server/fixtures/seed';
import { median, postgresReachable, startBenchServer, type Engine } from './server';

const WRONG = 'Wrong#Pass999';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);

const PAIRS: [string, unknown, unknown][] = [
  ['login', { identifier: EMAILS.member, password: WRONG, platform: 'web' }, { identifier: 'nobody@alpha.test', password: WRONG, platform: 'web' }],
  ['onboardingLogin', { email: ONBOARDING.preboarded.email, password: WRONG, orgId: 'alpha' }, { email: 'nobody@alpha.test', password: WRONG, orgId: 'alpha' }],
  ['forgotPassword', { email: EMAILS.member }, { email: 'nobody@alpha.test' }],
  ['resendOTP', { email: EMAILS.pending }, { email: 'nobody@alpha.test' }],
  ['forgotPasswordWithRecoveryCode', { identifier: EMAILS.member, recoveryCode: 'abcd-efghj' }, { identifier: 'nobody@alpha.test', recoveryCode: 'abcd-efghj' }],
  ['onboardingForgotPassword', { email: ONBOARDING.preboarded.email, orgId: 'alpha' }, { email: 'nobody@alpha.test', orgId: 'alpha' }],
  ['activateAccount', { email: EMAILS.pending, otp: '123456' }, { email: 'nobody@alpha.test', otp: '123456' }],
];

export async function benchEqualWork(): Promise<void> {
  const engines: Engine[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
  console.log(`\nEqual work: median time of a call about a known account and about an unknown one (${ROUNDS} rounds each, alternating)`);
  console.log('engine    event                            known ms  unknown ms  difference');
  for (const engine of engines) {
    const bench = await startBenchServer(engine, lifecycleSeed());
    try {
      for (const [event, known, unknown] of PAIRS) {
        const times = { known: [] as number[], unknown: [] as number[] };
        let client = await bench.connect();
        for (let round = 0; round < ROUNDS + 3; round += 1) {
          // A fresh connection now and then keeps each within its call rate (50 in 5 s).
          if (round % 10 === 9) {
            client.close();
            client = await bench.connect();
          }
          for (const side of round % 2 ? (['unknown', 'known'] as const) : (['known', 'unknown'] as const)) {
            // Each call starts with fresh budgets, so none is refused and each does its whole work.
            await bench.server.database.db.delete(rateLimits);
            const { code, ms } = await client.time(event, side === 'known' ? known : unknown);
            if (code === 429 || code === 500) throw new Error(`${event} answered ${code}: the measurement would not be of its work`);
            if (round >= 3) times[side].push(ms);
            // Mail for an existing account is prepared after the reply; let it finish before the next call is timed.
            await bench.server.drain();
          }
        }
        client.close();
        await bench.server.drain();
        const k = median(times.known);
        const u = median(times.unknown);
        console.log(`${engine.padEnd(10)}${event.padEnd(33)}${k.toFixed(2).padStart(8)}  ${u.toFixed(2).padStart(10)}  ${(u - k >= 0 ? '+' : '') + (u - k).toFixed(2)} ms`);
      }
    } finally {
      await bench.close();
    }
  }
}
