import { beforeEach, expect, it } from 'vitest';
import { callLines } from './attack';
import { lifecycleSeed, NO_PASSWORD, ONBOARDING } from './fixtures/lifecycle-seed';
import { EMAILS } from './fixtures/seed';
import { describeEngines, useTestServer, resetLimits, type RawEnvelope, type TestServer } from './harness';

// "Never reveal whether an account exists, not by the reply and not by the time it takes." For every public event
// about an account, a call about an unknown one and a call about a known one must get byte-identical replies and do
// the same expensive work: the same number of database statements and argon2 operations, as the server counts them
// in each call's log line. (The time difference itself is measured by `npm run bench`, not here.)

const WRONG = 'Wrong#Pass999';
/** A password an account without one would choose with its code. */
const CHOSEN = 'Chosen#Pass123';

interface Observed {
  reply: string;
  work: { queries: number; hashes: number };
}

async function observe(app: TestServer, event: string, payload: unknown): Promise<Observed> {
  const client = await app.connect();
  const since = app.logs.length;
  const { event: name, data, error, code } = (await client.emit(event, payload)) as RawEnvelope;
  client.close();
  const [line] = callLines(app, event, since);
  if (!line) throw new Error(`no call line for ${event}`);
  return { reply: JSON.stringify({ event: name, data, error, code }), work: line.work };
}

/** [event, about a known account, about an unknown one] */
const PAIRS: [string, unknown, unknown][] = [
  ['login', { identifier: EMAILS.member, password: WRONG, platform: 'web' }, { identifier: 'nobody@alpha.test', password: WRONG, platform: 'web' }],
  ['login', { identifier: 'ada.admin', password: WRONG, platform: 'web' }, { identifier: 'no.such.user', password: WRONG, platform: 'web' }],
  ['onboardingLogin', { email: ONBOARDING.preboarded.email, password: WRONG, orgId: 'alpha' }, { email: 'nobody@alpha.test', password: WRONG, orgId: 'alpha' }],
  // An employee listed but without a password yet answers like one who does not exist, after the same hash.
  ['onboardingLogin', { email: ONBOARDING.onboarding.email, password: WRONG, orgId: 'alpha' }, { email: 'nobody@alpha.test', password: WRONG, orgId: 'no-such-org' }],
  ['forgotPassword', { email: EMAILS.member }, { email: 'nobody@alpha.test' }],
  ['resendOTP', { email: EMAILS.pending }, { email: 'nobody@alpha.test' }],
  ['resendOTP', { email: EMAILS.admin }, { email: 'nobody@alpha.test' }],
  ['forgotPasswordWithRecoveryCode', { identifier: EMAILS.member, recoveryCode: 'abcd-efghj' }, { identifier: 'nobody@alpha.test', recoveryCode: 'abcd-efghj' }],
  ['onboardingForgotPassword', { email: ONBOARDING.preboarded.email, orgId: 'alpha' }, { email: 'nobody@alpha.test', orgId: 'alpha' }],
  ['activateAccount', { email: EMAILS.pending, otp: '123456' }, { email: 'nobody@alpha.test', otp: '123456' }],
  // An account already verified is no different from one that does not exist.
  ['activateAccount', { email: EMAILS.member, otp: '123456' }, { email: 'nobody@alpha.test', otp: '123456' }],
  // (It is mailed a code first, so the wrong codes below are compared with a live one.)
  ['resendOTP', { email: NO_PASSWORD.idle }, { email: 'nobody@alpha.test' }],
  // An account without a password it chose (seeded without one): a wrong code is a wrong code, with or without the
  // password it would choose; nothing is hashed before the code is right, and the password prompt is never the reply.
  ['activateAccount', { email: NO_PASSWORD.idle, otp: '123456' }, { email: 'nobody@alpha.test', otp: '123456' }],
  ['activateAccount', { email: NO_PASSWORD.idle, otp: '123456', password: CHOSEN, cpassword: CHOSEN }, { email: 'nobody@alpha.test', otp: '123456', password: CHOSEN, cpassword: CHOSEN }],
  ['activateAccount', { email: EMAILS.member, otp: '123456', password: CHOSEN, cpassword: CHOSEN }, { email: 'nobody@alpha.test', otp: '123456', password: CHOSEN, cpassword: CHOSEN }],
  ['activateAccount', { email: EMAILS.pending, otp: '123456', password: CHOSEN, cpassword: CHOSEN }, { email: 'nobody@alpha.test', otp: '123456', password: CHOSEN, cpassword: CHOSEN }],
  ['resendOTP', { email: EMAILS.member }, { email: 'nobody@alpha.test' }],
  ['login', { identifier: NO_PASSWORD.idle, password: WRONG, platform: 'web' }, { identifier: 'nobody@alpha.test', password: WRONG, platform: 'web' }],
  ['forgotPassword', { email: NO_PASSWORD.idle }, { email: 'nobody@alpha.test' }],
];

describeEngines('equal work for known and unknown accounts', (engine) => {
  const app = useTestServer(engine, lifecycleSeed());
  beforeEach(async () => {
    await resetLimits(app());
  });

  it.each(PAIRS.map(([event, known, unknown], index) => [`${index + 1}. ${event}`, event, known, unknown] as const))('%s', async (_label, event, known, unknown) => {
    // Warm up both paths once (a first call may create the throw-away hash, or a counter row).
    await observe(app(), event, known);
    await observe(app(), event, unknown);
    await resetLimits(app());
    const aboutKnown = await observe(app(), event, known);
    await resetLimits(app());
    const aboutUnknown = await observe(app(), event, unknown);
    expect(aboutUnknown.reply).toBe(aboutKnown.reply);
    expect(aboutUnknown.work).toEqual(aboutKnown.work);
    if (event.toLowerCase().includes('login')) expect(aboutKnown.work.hashes).toBe(1);
    await app().server.drain();
  });
});
