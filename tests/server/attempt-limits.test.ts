import { randomBytes, randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { beforeEach, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/validation/messages';
import { codeIn, linkIn, withCode } from '../mail/smtp-receiver';
import { burst, checked, hashesSince, tally, times, type Shot } from './attack';
import { lifecycleSeed, INVITES, ONBOARDING } from './fixtures/lifecycle-seed';
import { EMAILS, PASSWORDS } from './fixtures/seed';
import { describeEngines, signIn, useTestServerWithMail, resetLimits, type TestServer } from './harness';

// Every limited event, attacked as the issue describes: many wrong attempts at once over many sockets, with the right
// one among them. At most the limit's number of attempts may reach the check, nothing answers 500, and once the
// limit is reached the right attempt is refused too. At once, a rule may lock a little early (an attempt spent, then
// given back when the hash threads had no room for it), so each guard is also tried one attempt at a time on a clean
// slate, where it must allow exactly its number and then refuse with its own wait; a second factor on an account of
// its own, checking that the password still opens the second-factor step (a password lock would refuse first and hide
// the second factor's budget). `npm run test:mutations` checks that each test fails when its guard is changed.

const FACTOR_PASSWORD = 'Factor#Pass123';
const PEOPLE = {
  mail: 'burst.mail@mfa.test',
  app: 'burst.app@mfa.test',
  recovery: 'burst.recovery@mfa.test',
  held: 'burst.held@mfa.test',
  mailAlone: 'alone.mail@mfa.test',
  appAlone: 'alone.app@mfa.test',
  password: 'burst.password@mfa.test',
};
const WRONG = 'Wrong#Pass999';

function burstSeed() {
  const seed = lifecycleSeed();
  seed.organizations.push(
    { orgId: 'mail-co', company: 'Mail Co', plan: { hrms: true }, mfa: { email: true, authenticatorApp: false } },
    { orgId: 'app-co', company: 'App Co', plan: { hrms: true }, mfa: { email: false, authenticatorApp: true } },
  );
  const person = (email: string, orgId: string) => ({
    email,
    password: FACTOR_PASSWORD,
    firstName: 'Burst',
    lastName: 'Target',
    memberships: [{ orgId, role: 'member' as const, productAccess: ['hrms' as const] }],
  });
  seed.users.push(
    person(PEOPLE.mail, 'mail-co'),
    person(PEOPLE.app, 'app-co'),
    person(PEOPLE.recovery, 'app-co'),
    person(PEOPLE.held, 'app-co'),
    person(PEOPLE.mailAlone, 'mail-co'),
    person(PEOPLE.appAlone, 'app-co'),
    person(PEOPLE.password, 'app-co'),
  );
  return seed;
}

const totp = (secret: string, offsetSeconds = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
const randomCode = () => randomBytes(32).toString('base64url');
/** The refusal of a rule whose lock lasts this many minutes (a password's pair rule 15, its identifier rule 60). */
const refusedFor = (minutes: number) => ({ code: 429, error: MESSAGES.tooManyAttempts(minutes * 60), data: { retryAfter: expect.any(Number) } });

describeEngines('attempt limits under parallel attack', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, burstSeed());
  beforeEach(async () => {
    await resetLimits(app());
  });

  /**
   * One wrong attempt at a time on a clean slate: exactly `points` reach the check, then the rule refuses with its wait
   * (in minutes); the counters are cleared again for what follows.
   */
  const oneAtATime = async (shot: Shot | ((n: number) => Shot), points: number, minutes: number, auth?: { token: string }) => {
    expect(await exhaust(app(), shot, auth)).toBe(points);
    const next = typeof shot === 'function' ? shot(10_000) : shot;
    expect(await (await app().connect(auth)).emit(...next)).toMatchObject(refusedFor(minutes));
    await resetLimits(app());
  };

  /** Sends wrong attempts one by one (the same shot, or the nth of a list) until the limit answers 429; returns how many were checked. */
  const exhaust = async (server: TestServer, shot: Shot | ((n: number) => Shot), auth?: { token: string }): Promise<number> => {
    const client = await server.connect(auth);
    let count = 0;
    for (;;) {
      const [event, payload] = typeof shot === 'function' ? shot(count) : shot;
      const reply = await client.emit(event, payload);
      if (reply.code === 429) return count;
      expect(reply.code).not.toBe(500);
      count += 1;
      if (count > 60) throw new Error(`${event} never locked`);
    }
  };

  const setUpAuthenticator = async (email: string) => {
    const client = await app().connect();
    const held = { identifier: email, password: FACTOR_PASSWORD };
    const generated = await client.call('hrms|master|MFA|generateQRCode', held);
    await client.call('hrms|master|MFA|verify', { ...held, otp: totp(generated.MFASecretKey), MFASecretKey: generated.MFASecretKey });
    const saved = await client.call('hrms|master|MFA|setup', { ...held, MFA: { isEmailMFA: false, isAuthenticatorAppMFA: true, MFASecretKey: generated.MFASecretKey } });
    client.close();
    return { secret: generated.MFASecretKey, recoveryCode: generated.recoveryCode, token: saved.token! };
  };

  it('login: 100 wrong passwords and the right one on 25 sockets get at most 5 password checks, then the right one is refused', async () => {
    // One at a time, an identifier from one address: five, then the pair rule's 15 minutes (the identifier's own rule would say 60).
    await oneAtATime(['login', { identifier: PEOPLE.password, password: WRONG, platform: 'web' }], 5, 15);
    const mark = app().logs.length;
    const shots = [...times(100, ['login', { identifier: EMAILS.lockable, password: WRONG, platform: 'web' }]), ['login', { identifier: EMAILS.lockable, password: PASSWORDS.lockable, platform: 'web' }] as Shot];
    const replies = await burst(app(), shots);
    expect(tally(replies)[500]).toBeUndefined();
    // Five wrong ones at most, and the right one if it came early enough to be among the checked.
    expect(replies.filter((reply) => reply.code === 403).length).toBeLessThanOrEqual(5);
    expect(hashesSince(app(), 'login', mark)).toBeLessThanOrEqual(6);
    const after = await (await app().connect()).emit('login', { identifier: EMAILS.lockable, password: PASSWORDS.lockable, platform: 'web' });
    expect(after).toMatchObject(refusedFor(15));
  });

  it('login: 300 wrong sign-ins of distinct accounts from one address get at most 50 password checks', async () => {
    const ghost = (index: number): Shot => ['login', { identifier: `ghost-${index}@nowhere.test`, password: WRONG, platform: 'web' }];
    // Every identifier is tried once, so only the address rule can refuse: 50, then its 15 minutes.
    await oneAtATime((n) => ghost(1000 + n), 50, 15);
    const mark = app().logs.length;
    const replies = await burst(app(), Array.from({ length: 300 }, (_, index) => ghost(index)));
    expect(tally(replies)[500]).toBeUndefined();
    expect(checked(replies)).toBeLessThanOrEqual(50);
    expect(hashesSince(app(), 'login', mark)).toBeLessThanOrEqual(50);
  });

  it('held login details spend the same password budget as login', async () => {
    const mark = app().logs.length;
    const replies = await burst(app(), times(100, ['hrms|master|MFA|read', { identifier: PEOPLE.held, password: WRONG }]));
    expect(checked(replies)).toBeLessThanOrEqual(5);
    expect(hashesSince(app(), 'hrms|master|MFA|read', mark)).toBeLessThanOrEqual(5);
    expect((await (await app().connect()).emit('login', { identifier: PEOPLE.held, password: FACTOR_PASSWORD, platform: 'web' })).code).toBe(429);
  });

  it('mailed second factor: 100 wrong codes and the right one get at most 5 checks, and no token once locked', async () => {
    const client = await app().connect();
    await client.call('hrms|master|MFA|setup', { identifier: PEOPLE.mail, password: FACTOR_PASSWORD, MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    const since = mail().messages.length;
    await client.call('login', { identifier: PEOPLE.mail, password: FACTOR_PASSWORD, platform: 'web' });
    const code = codeIn(await mail().waitFor(PEOPLE.mail, { since, match: withCode }));
    const attempt = (otp: string): Shot => ['login', { identifier: PEOPLE.mail, password: FACTOR_PASSWORD, platform: 'web', MFAType: 1, otp }];
    const replies = await burst(app(), [...times(100, attempt(otherThan(code))), attempt(code)]);
    expect(tally(replies)[500]).toBeUndefined();
    const wrongChecked = replies.filter((reply) => reply.code === 403).length;
    const rest = await exhaust(app(), attempt(otherThan(code)));
    // At once, the password's own budget may be what refuses most of them (the test above tries the second factor alone).
    expect(wrongChecked + rest).toBeLessThanOrEqual(5);
    const right = await client.emit('login', attempt(code)[1]);
    expect(right.code).toBe(429);
    expect(right.data).not.toHaveProperty('token');
  });

  it("mailed second factor alone: one wrong code at a time, the account's own budget refuses the sixth and then the right code, while the password still works", async () => {
    const client = await app().connect();
    await client.call('hrms|master|MFA|setup', { identifier: PEOPLE.mailAlone, password: FACTOR_PASSWORD, MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    const since = mail().messages.length;
    await client.call('login', { identifier: PEOPLE.mailAlone, password: FACTOR_PASSWORD, platform: 'web' });
    const code = codeIn(await mail().waitFor(PEOPLE.mailAlone, { since, match: withCode }));
    const attempt = (otp: string): Shot => ['login', { identifier: PEOPLE.mailAlone, password: FACTOR_PASSWORD, platform: 'web', MFAType: 1, otp }];
    expect(await exhaust(app(), attempt(otherThan(code)))).toBe(5);
    const right = await client.emit(...attempt(code));
    expect(right).toMatchObject(refusedFor(15));
    expect(right.data).not.toHaveProperty('token');
    // The refusal is the second factor's: the same password, without a code, still reaches the second-factor step.
    expect(await client.emit('login', { identifier: PEOPLE.mailAlone, password: FACTOR_PASSWORD, platform: 'web' })).toMatchObject({ code: 200, data: { MFAType: 1 } });
  });

  it("authenticator alone: one wrong code at a time, the account's own budget refuses the sixth and then the right code, while the password still works", async () => {
    const { secret } = await setUpAuthenticator(PEOPLE.appAlone);
    const attempt = (otp: string): Shot => ['login', { identifier: PEOPLE.appAlone, password: FACTOR_PASSWORD, platform: 'web', MFAType: 2, otp }];
    const right = totp(secret, 30);
    expect(await exhaust(app(), attempt(otherThan(right)))).toBe(5);
    const client = await app().connect();
    const refused = await client.emit(...attempt(totp(secret, 30)));
    expect(refused).toMatchObject(refusedFor(15));
    expect(refused.data).not.toHaveProperty('token');
    expect(await client.emit('login', { identifier: PEOPLE.appAlone, password: FACTOR_PASSWORD, platform: 'web' })).toMatchObject({ code: 200, data: { MFAType: 2 } });
  });

  it('second-factor mail: 100 sign-ins without a code mail at most 5 codes', async () => {
    const since = mail().messages.length;
    const replies = await burst(app(), times(100, ['login', { identifier: PEOPLE.mail, password: FACTOR_PASSWORD, platform: 'web', MFAType: 1 }]));
    expect(tally(replies)[500]).toBeUndefined();
    await app().server.drain();
    expect(mail().messages.slice(since).filter((m) => m.to.includes(PEOPLE.mail) && withCode(m)).length).toBeLessThanOrEqual(5);
  });

  it('authenticator: 100 wrong codes and the right one get at most 5 checks, and no token once locked', async () => {
    const { secret } = await setUpAuthenticator(PEOPLE.app);
    const attempt = (otp: string): Shot => ['login', { identifier: PEOPLE.app, password: FACTOR_PASSWORD, platform: 'web', MFAType: 2, otp }];
    const right = totp(secret, 30);
    const replies = await burst(app(), [...times(100, attempt(otherThan(right))), attempt(right)]);
    expect(tally(replies)[500]).toBeUndefined();
    const wrongChecked = replies.filter((reply) => reply.code === 403).length;
    expect(wrongChecked + (await exhaust(app(), attempt(otherThan(right))))).toBeLessThanOrEqual(5);
    expect((await (await app().connect()).emit('login', attempt(totp(secret, 30))[1])).code).toBe(429);
  });

  it('recovery code with a session: 100 wrong codes and the right one get at most 5 checks', async () => {
    const { recoveryCode, token } = await setUpAuthenticator(PEOPLE.recovery);
    const attempt = (code: string): Shot => ['hrms|master|MFA|verify', { recoveryCode: code }];
    await oneAtATime(attempt('zzzz-zzzzz'), 5, 15, { token });
    const replies = await burst(app(), [...times(100, attempt('zzzz-zzzzz')), attempt(recoveryCode)], { auth: { token } });
    expect(tally(replies)[500]).toBeUndefined();
    const wrongChecked = replies.filter((reply) => reply.code === 403).length;
    expect(wrongChecked + (await exhaust(app(), attempt('zzzz-zzzzz'), { token }))).toBeLessThanOrEqual(5);
    expect((await (await app().connect({ token })).emit(...attempt(recoveryCode))).code).toBe(429);
  });

  it('forgotPasswordWithRecoveryCode: 100 wrong codes for one identifier get at most 5 checks', async () => {
    const replies = await burst(app(), times(100, ['forgotPasswordWithRecoveryCode', { identifier: EMAILS.member, recoveryCode: 'zzzz-zzzzz' }]));
    expect(tally(replies)).toEqual({ 403: 5, 429: 95 });
  });

  it('activateAccount: 300 wrong codes and the right one on 50 sockets get at most 5 checks and never a token', async () => {
    const email = `burst-${engine}@verify.test`;
    const client = await app().connect();
    const since = mail().messages.length;
    await client.call('signUp', {
      firstName: 'Bea',
      lastName: 'Burst',
      email,
      password: 'Burst#Pass123',
      cpassword: 'Burst#Pass123',
      company: 'Burst Verify',
      phone: '91-9876543210',
      numemployees: '1-5',
      country: 'India',
      industryType: 'Software',
    });
    const code = codeIn(await mail().waitFor(email, { since, match: withCode }));
    await oneAtATime(['activateAccount', { otp: otherThan(code), email }], 5, 15);
    const replies = await burst(app(), [...times(300, ['activateAccount', { otp: otherThan(code), email }]), ['activateAccount', { otp: code, email }]], { sockets: 50 });
    expect(tally(replies)[500]).toBeUndefined();
    const wrongChecked = replies.filter((reply) => reply.code === 403).length;
    expect(wrongChecked + (await exhaust(app(), ['activateAccount', { otp: otherThan(code), email }]))).toBeLessThanOrEqual(5);
    const right = await client.emit('activateAccount', { otp: code, email });
    expect(right.code).toBe(429);
    expect(right.data).not.toHaveProperty('token');
  });

  it('activateOrganization: 100 wrong codes from a signed-in admin get 5 checks, and the right one is refused after', async () => {
    const token = await signIn(app(), EMAILS.admin, PASSWORDS.admin);
    const since = mail().messages.length;
    await (await app().connect()).call('resendOTP', { email: EMAILS.admin });
    const code = codeIn(await mail().waitFor(EMAILS.admin, { since, match: withCode }));
    const attempt = (otp: string): Shot => ['activateOrganization', { otp, orgId: 'pending-co' }];
    // Wrong codes only: the right one would verify the company, after which the event has nothing left to check.
    const replies = await burst(app(), times(100, attempt(otherThan(code))), { auth: { token } });
    expect(tally(replies)).toEqual({ 403: 5, 429: 95 });
    expect((await (await app().connect({ token })).emit(...attempt(code))).code).toBe(429);
  });

  it('reset links: 100 guessed codes and a real one get at most 30 lookups from one address', async () => {
    const since = mail().messages.length;
    await (await app().connect()).call('forgotPassword', { email: EMAILS.bystander });
    const real = linkIn(await mail().waitFor(EMAILS.bystander, { since }), '/reset/').split('/reset/')[1]!;
    const guess = (): Shot => ['resetPassword', { password: 'Guess#Pass123', cpassword: 'Guess#Pass123', code: randomCode() }];
    const replies = await burst(app(), Array.from({ length: 100 }, guess));
    expect(tally(replies)).toEqual({ 404: 30, 429: 70 });
    expect((await (await app().connect()).emit('getResetCodeInfo', { code: real })).code).toBe(429);
  });

  it('onboarding reset links and invitation codes share the address budget of link lookups', async () => {
    const shots: Shot[] = [
      ...Array.from({ length: 40 }, (): Shot => ['onboardingResetPassword', { orgId: 'alpha', password: 'Guess#Pass123', code: randomCode() }]),
      ...Array.from({ length: 40 }, (): Shot => ['verifyInvitationCode', { inviteCode: randomCode() }]),
      ...Array.from({ length: 40 }, (): Shot => ['acceptClientInvitation', { token: randomUUID() }]),
    ];
    const replies = await burst(app(), shots, { sockets: 30 });
    expect(tally(replies)[500]).toBeUndefined();
    expect(checked(replies)).toBe(30);
    expect((await (await app().connect()).emit('verifyInvitationCode', { inviteCode: INVITES.forNewcomer })).code).toBe(429);
  });

  it('registerAsMember and acceptInvitation spend the link budget before hashing or joining', async () => {
    const token = await signIn(app(), EMAILS.member, PASSWORDS.member);
    const mark = app().logs.length;
    const shots: Shot[] = Array.from({ length: 60 }, (): Shot => ['registerAsMember', { firstName: 'G', lastName: 'G', email: 'g@g.test', password: 'Guess#Pass123', inviteCode: randomCode() }]);
    const replies = await burst(app(), shots);
    expect(checked(replies)).toBe(30);
    expect(hashesSince(app(), 'registerAsMember', mark)).toBe(0);
    expect((await (await app().connect({ token })).emit('acceptInvitation', { inviteCode: INVITES.forMember })).code).toBe(429);
  });

  it('signUp: 100 sign-ups at once from one address create at most 5 companies', async () => {
    const mark = app().logs.length;
    const replies = await burst(
      app(),
      Array.from({ length: 100 }, (_, index): Shot => [
        'signUp',
        { firstName: 'Sam', lastName: 'Spam', email: `spam-${index}-${engine}@signup.test`, password: 'Spam#Pass123', cpassword: 'Spam#Pass123', company: `Spam ${index}`, phone: '91-9876543210', numemployees: '1-5', country: 'India', industryType: 'Software' },
      ]),
    );
    // Five sign-ups at most (fewer when the hash threads refuse some for want of capacity: those are 429s too).
    expect(tally(replies)[500]).toBeUndefined();
    expect(tally(replies)[200]).toBeGreaterThanOrEqual(1);
    expect(tally(replies)[200]).toBeLessThanOrEqual(5);
    expect(hashesSince(app(), 'signUp', mark)).toBeLessThanOrEqual(5);
  });

  it('onboardingSignUp and checkEmailExistense stop at their address budgets', async () => {
    const signUps = await burst(app(), times(20, ['onboardingSignUp', { email: 'nobody@alpha.test', password: 'Start#Pass123', orgId: 'alpha' }]));
    expect(tally(signUps)).toEqual({ 404: 5, 429: 15 });
    const checks = await burst(app(), times(100, ['checkEmailExistense', { email: EMAILS.member }]));
    expect(tally(checks)).toEqual({ 200: 30, 429: 70 });
  });

  it('forgotPassword and resendOTP: 100 requests at once for one address mail it at most 5 times', async () => {
    for (const event of ['forgotPassword', 'resendOTP'] as const) {
      // The two share the budget of requests that mail an address: each starts afresh here.
      await resetLimits(app());
      const since = mail().messages.length;
      const replies = await burst(app(), times(100, [event, { email: EMAILS.pending }]));
      expect(tally(replies), event).toEqual({ 200: 5, 429: 95 });
      await app().server.drain();
      expect(mail().messages.slice(since).filter((m) => m.to.includes(EMAILS.pending)).length, event).toBeLessThanOrEqual(5);
    }
  });

  it('onboardingLogin: 100 wrong passwords and the right one get at most 5 password checks', async () => {
    const mark = app().logs.length;
    const shot = (password: string): Shot => ['onboardingLogin', { email: ONBOARDING.preboarded.email, password, orgId: 'alpha' }];
    const replies = await burst(app(), [...times(100, shot(WRONG)), shot(ONBOARDING.preboarded.password)]);
    expect(tally(replies)[500]).toBeUndefined();
    expect(hashesSince(app(), 'onboardingLogin', mark)).toBeLessThanOrEqual(6);
    expect(replies.filter((reply) => reply.code === 403).length).toBeLessThanOrEqual(5);
    expect((await (await app().connect()).emit(...shot(ONBOARDING.preboarded.password))).code).toBe(429);
  });

  it('password change: 100 wrong current passwords get at most 5 checks', async () => {
    const token = await signIn(app(), EMAILS.surveyor, 'Surveyor#Pass123');
    await oneAtATime(['hrms|myPassword|update', { oldPassword: WRONG, newPassword: 'Brand#New1234' }], 5, 15, { token });
    const mark = app().logs.length;
    const replies = await burst(app(), times(100, ['hrms|myPassword|update', { oldPassword: WRONG, newPassword: 'Brand#New1234' }]), { auth: { token } });
    expect(tally(replies)[500]).toBeUndefined();
    expect(tally(replies)[403]).toBeLessThanOrEqual(5);
    expect(tally(replies)[403]! + tally(replies)[429]!).toBe(100);
    expect(hashesSince(app(), 'hrms|myPassword|update', mark)).toBeLessThanOrEqual(5);
    const right = await (await app().connect({ token })).emit('hrms|myPassword|update', { oldPassword: 'Surveyor#Pass123', newPassword: 'Brand#New1234' });
    expect(right).toMatchObject({ code: 429, error: MESSAGES.tooManyAttempts(right.data!.retryAfter!) });
  });
});
