import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { memberships, oneTimeCodes, organizations, users } from '../../src/server/db/schema';
import { CHOOSE_PASSWORD } from '../../src/server/accounts/verification';
import { MESSAGES } from '../../src/shared/validation/messages';
import { codeIn, linkIn, withCode } from '../mail/smtp-receiver';
import { EMAILS, PASSWORDS } from './fixtures/seed';
import { lifecycleSeed, NO_PASSWORD } from './fixtures/lifecycle-seed';
import { continueOn, describeEngines, signIn, useTestServerWithMail, resetLimits, type TestClient, type TestServer } from './harness';

/** The password the first admin chooses at sign-up. */
const CHOSEN = 'Rocket#Shoes1';

const form = (email: string) => ({
  firstName: 'Sam',
  lastName: 'Founder',
  email,
  password: CHOSEN,
  cpassword: CHOSEN,
  company: 'Rocket Shoes',
  phone: '+91-9876543210',
  numemployees: '1-5' as const,
  country: 'India',
  industryType: 'Retail',
  referralcode: 'REF42',
  affiliatecode: 'AFF7',
});

describeEngines('company sign-up and verification', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, lifecycleSeed());
  beforeEach(async () => {
    await resetLimits(app());
  });

  it('lists countries with dial codes, India as +91', async () => {
    const { results } = await (await app().connect()).call('addressParams', { type: 'country' });
    expect(results.length).toBeGreaterThan(150);
    expect(results).toContainEqual({ name: 'India', label: 'India', dial_code: '+91', code: 'IN' });
  });

  it("refuses 'R2D2' with the shared pattern's message and a 101-character name with its limit, on sign-up and member registration", async () => {
    const client = await app().connect();
    const robot = await client.emit('signUp', { ...form('robot@rocket.test'), firstName: 'R2D2' });
    expect(robot).toMatchObject({ code: 400, error: 'firstName: First Name must be valid.', data: { fields: ['firstName'] } });
    const long = await client.emit('signUp', { ...form('long@rocket.test'), lastName: 'L'.repeat(101) });
    expect(long).toMatchObject({ code: 400, error: 'lastName: Please enter at most 100 characters.' });
    const blank = await client.emit('signUp', { ...form('blank@rocket.test'), company: '   ' });
    expect(blank).toMatchObject({ code: 400, error: 'company: Required*' });
    const member = { email: 'new.member@rocket.test', password: 'Member@12345', inviteCode: 'any-code' };
    expect(await client.emit('registerAsMember', { ...member, firstName: 'R2D2', lastName: 'Lee' })).toMatchObject({ code: 400, error: 'firstName: First Name must be valid.' });
    expect(await client.emit('registerAsMember', { ...member, firstName: 'Sam', lastName: 'x'.repeat(101) })).toMatchObject({ code: 400, error: 'lastName: Please enter at most 100 characters.' });
  });

  it('says whether an email exists, and limits the question per client address', async () => {
    const client = await app().connect();
    expect(await client.call('checkEmailExistense', { email: EMAILS.admin.toUpperCase() })).toEqual({ exists: true });
    expect(await client.call('checkEmailExistense', { email: 'nobody@else.test' })).toEqual({ exists: false });
    for (let i = 3; i <= 30; i += 1) await client.call('checkEmailExistense', { email: `n${i}@else.test` });
    const refused = await client.emit('checkEmailExistense', { email: 'one-more@else.test' });
    expect(refused.code).toBe(429);
    expect(refused.data?.retryAfter).toBeGreaterThan(0);
  });

  it('signs up a company and its admin unverified, mails a code, and activateAccount signs in once', async () => {
    const email = `founder-${engine}@rocket.test`;
    const client = await app().connect();
    const since = mail().messages.length;
    expect(await client.call('signUp', form(email.toUpperCase()))).toEqual({ success: true, email });

    const { db } = app().server.database;
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user?.verified).toBe(false);
    const [org] = await db.select().from(organizations).where(eq(organizations.id, user!.activeOrgId!));
    expect(org).toMatchObject({ company: 'Rocket Shoes', verified: false, signUpDetails: expect.objectContaining({ phone: '+91-9876543210', referralcode: 'REF42' }) });
    const [membership] = await db.select().from(memberships).where(eq(memberships.userId, user!.id));
    expect(membership?.role).toBe('admin');

    // Unverified: sign-in asks for verification.
    const message = await mail().waitFor(email, { since });
    expect(message.subject).toBe('Verify your email - Suite Portal');
    expect(message.html).toContain('Suite Portal');
    expect(message.text).toContain(`${app().server.services.config.publicUrl}/verify-email?email=`);
    const code = codeIn(message);
    expect(JSON.stringify(await db.select().from(oneTimeCodes))).not.toContain(code);

    const activated = await client.call('activateAccount', { otp: code, email });
    expect(activated).toEqual({ token: expect.any(String), email });
    const session = await (await app().connect({ token: activated.token! })).call('authenticate', { token: activated.token! });
    expect(session.activeOrgId).toBe(org!.orgId);
    expect(session.isAdmin).toBe(true);
    const [after] = await db.select().from(organizations).where(eq(organizations.id, org!.id));
    expect(after?.verified).toBe(true);

    // Single use: the same code again is refused, as is any code for a verified account.
    const again = await client.emit('activateAccount', { otp: code, email });
    expect(again).toMatchObject({ code: 403, error: MESSAGES.invalidOtp });

    // The password chosen at sign-up is the account's: stored as an argon2id hash, and it signs in after signing out.
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain(CHOSEN);
    expect(user!.passwordChosen).toBe(true);
    const signedIn = await app().connect({ token: activated.token! });
    expect(await signedIn.call('logout', {})).toEqual({ success: true });
    const other = await app().connect();
    expect(await other.emit('login', { identifier: email, password: 'Rocket#Shoes2', platform: 'web' })).toMatchObject({ code: 403, error: MESSAGES.invalidCredentials });
    expect(await other.call('login', { identifier: email, password: CHOSEN, platform: 'web' })).toMatchObject({ token: expect.any(String), email });
  });

  it("refuses a sign-up whose confirmation differs with the spec's message, and a weak password with its rule, creating nothing", async () => {
    const client = await app().connect();
    const email = `mismatch-${engine}@rocket.test`;
    const mismatch = await client.emit('signUp', { ...form(email), cpassword: 'Rocket#Shoes2' });
    expect(mismatch).toMatchObject({ code: 400, error: `cpassword: ${MESSAGES.passwordMismatch}`, data: { fields: ['cpassword'] } });
    const weak = await client.emit('signUp', { ...form(email), password: 'rocketshoes1!', cpassword: 'rocketshoes1!' });
    expect(weak).toMatchObject({ code: 400, error: `password: ${MESSAGES.passwordUppercase}`, data: { fields: ['password'] } });
    const missing = await client.emit('signUp', { ...form(email), password: undefined, cpassword: undefined });
    expect(missing).toMatchObject({ code: 400, data: { fields: ['password', 'cpassword'] } });
    expect(await app().server.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses a second sign-up with a registered email, and writes nothing', async () => {
    const client = await app().connect();
    const before = await app().server.database.db.select({ n: sql<number>`count(*)::int` }).from(organizations);
    const reply = await client.emit('signUp', form(EMAILS.member));
    expect(reply).toMatchObject({ code: 409, error: MESSAGES.emailExists });
    const after = await app().server.database.db.select({ n: sql<number>`count(*)::int` }).from(organizations);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('rejects malformed sign-up payloads with 400 and the field', async () => {
    const client = await app().connect();
    const badPhone = await client.emit('signUp', { ...form('x@rocket.test'), phone: '9876543210' });
    expect(badPhone).toMatchObject({ code: 400, data: { fields: ['phone'] } });
    const badCount = await client.emit('signUp', { ...form('x@rocket.test'), numemployees: '3' });
    expect(badCount).toMatchObject({ code: 400, data: { fields: ['numemployees'] } });
    const noOtp = await client.emit('activateAccount', { otp: '12a456', email: 'x@rocket.test' });
    expect(noOtp).toMatchObject({ code: 400, error: `otp: ${MESSAGES.otpLength}` });
  });

  it('resendOTP replaces the code: the old one stops working, the new one works', async () => {
    const email = `resend-${engine}@rocket.test`;
    const client = await app().connect();
    let since = mail().messages.length;
    await client.call('signUp', form(email));
    const first = codeIn(await mail().waitFor(email, { since, match: withCode }));
    since = mail().messages.length;
    expect(await client.call('resendOTP', { email })).toEqual({ success: true });
    const secondMail = await mail().waitFor(email, { since });
    const second = codeIn(secondMail);
    if (first !== second) expect(await client.emit('activateAccount', { otp: first, email })).toMatchObject({ code: 403 });
    expect((await client.call('activateAccount', { otp: second, email })).email).toBe(email);
  });

  it('answers resendOTP alike for unknown and verified addresses, and mails nothing', async () => {
    const client = await app().connect();
    const since = mail().messages.length;
    expect(await client.call('resendOTP', { email: 'ghost@rocket.test' })).toEqual({ success: true });
    expect(await client.call('resendOTP', { email: EMAILS.member })).toEqual({ success: true });
    await app().server.services.mailer.flush();
    expect(mail().messages.slice(since).filter((m) => (m.to.includes('ghost@rocket.test') || m.to.includes(EMAILS.member)))).toEqual([]);
  });

  it('refuses an expired code with its own message', async () => {
    const email = `expired-${engine}@rocket.test`;
    const client = await app().connect();
    const since = mail().messages.length;
    await client.call('signUp', form(email));
    const code = codeIn(await mail().waitFor(email, { since, match: withCode }));
    await app().server.database.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect(await client.emit('activateAccount', { otp: code, email })).toMatchObject({ code: 403, error: MESSAGES.otpExpired });
  });

  it('checks 5 wrong codes for an address from one client, then refuses even the right one', async () => {
    const email = `brute-${engine}@rocket.test`;
    const client = await app().connect();
    const since = mail().messages.length;
    await client.call('signUp', form(email));
    const code = codeIn(await mail().waitFor(email, { since, match: withCode }));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i += 1) expect((await client.emit('activateAccount', { otp: wrong, email })).code).toBe(403);
    const sixth = await client.emit('activateAccount', { otp: code, email });
    expect(sixth).toMatchObject({ code: 429, error: 'Too many attempts. Try again in 15 minutes.' });
    // An unknown address is counted and answered the same way as a wrong code.
    expect(await client.emit('activateAccount', { otp: code, email: 'ghost@rocket.test' })).toMatchObject({ code: 403, error: MESSAGES.invalidOtp });
  });

  it('activateOrganization: an admin verifies a pending company with the mailed code, once', async () => {
    const signingIn = await app().connect();
    const login = await signingIn.call('login', { identifier: EMAILS.admin, password: PASSWORDS.admin, platform: 'web' });
    expect(login.token).toBeTruthy();
    const client = await continueOn(app(), signingIn, login.token!);
    expect(await client.emit('activateOrganization', { otp: '123456', orgId: 'pending-co' })).toMatchObject({ code: 403 });
    const since = mail().messages.length;
    await client.call('resendOTP', { email: EMAILS.admin });
    const message = await mail().waitFor(EMAILS.admin, { since });
    expect(message.text).toContain('/verify-organization/pending-co');
    expect(await client.call('activateOrganization', { otp: codeIn(message), orgId: 'pending-co' })).toEqual({ success: true });
    const [org] = await app().server.database.db.select().from(organizations).where(eq(organizations.orgId, 'pending-co'));
    expect(org?.verified).toBe(true);
    // Once verified, no code "verifies" it again, and the workspace list says it is verified.
    expect(await client.emit('activateOrganization', { otp: '000000', orgId: 'pending-co' })).toMatchObject({ code: 409, error: MESSAGES.organizationAlreadyVerified });
    const { list } = await client.call('getWorkspaceList', {});
    expect(list.find((item) => item.orgId === 'pending-co')?.verified).toBe(true);

    const member = await app().connect({ token: await signIn(app(), EMAILS.member, PASSWORDS.member) });
    expect(await member.emit('activateOrganization', { otp: '123456', orgId: 'alpha' })).toMatchObject({ code: 403 });
    const anonymous = await app().connect();
    expect((await anonymous.emit('activateOrganization', { otp: '123456', orgId: 'alpha' })).code).toBe(401);
  });

  it('mails a fresh code when an unverified account signs in with the right password, and the code verifies it', async () => {
    const client = await app().connect();
    const since = mail().messages.length;
    expect(await client.call('login', { identifier: EMAILS.pending, password: PASSWORDS.pending, platform: 'web' })).toEqual({ activateAccount: true, email: EMAILS.pending });
    const code = codeIn(await mail().waitFor(EMAILS.pending, { since, match: withCode }));
    expect((await client.call('activateAccount', { otp: code, email: EMAILS.pending })).email).toBe(EMAILS.pending);
    expect((await client.call('login', { identifier: EMAILS.pending, password: PASSWORDS.pending, platform: 'web' })).token).toBeTruthy();
  });
  /** The code resendOTP mails to an address (the reply is the same for every address; the mail goes out in the background). */
  const mailedCode = async (client: TestClient, email: string) => {
    const since = mail().messages.length;
    expect(await client.call('resendOTP', { email })).toEqual({ success: true });
    const message = await mail().waitFor(email, { since, match: withCode });
    return { code: codeIn(message), message };
  };
  const chosenOf = async (server: TestServer, email: string) =>
    (await server.server.database.db.select({ chosen: users.passwordChosen, verified: users.verified }).from(users).where(eq(users.email, email)))[0];

  it('a seed user without a password chooses one with the mailed code: asked for it without spending the code, then signed in', async () => {
    const email = NO_PASSWORD.seeded;
    expect(await chosenOf(app(), email)).toEqual({ chosen: false, verified: true });
    const client = await app().connect();
    const { code, message } = await mailedCode(client, email);
    expect(message.text).toContain('Your account has no password yet: you will choose one there, with the code.');

    // A wrong code reveals nothing: the same 'Invalid OTP' as for any address, not the password prompt.
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await client.emit('activateAccount', { otp: wrong, email })).toMatchObject({ code: 403, error: MESSAGES.invalidOtp });
    // The right code alone: the password is asked for, and the code stays usable.
    const asked = await client.emit('activateAccount', { otp: code, email });
    expect(asked).toMatchObject({ code: 400, error: CHOOSE_PASSWORD, data: { fields: ['password'] } });
    expect(await client.emit('activateAccount', { otp: code, email })).toMatchObject({ code: 400, data: { fields: ['password'] } });
    const mismatch = await client.emit('activateAccount', { otp: code, email, password: 'Chosen#Pass123', cpassword: 'Chosen#Pass124' });
    expect(mismatch).toMatchObject({ code: 400, error: `cpassword: ${MESSAGES.passwordMismatch}` });
    const weak = await client.emit('activateAccount', { otp: code, email, password: 'chosen-pass', cpassword: 'chosen-pass' });
    expect(weak).toMatchObject({ code: 400, data: { fields: ['password'] } });

    const activated = await client.call('activateAccount', { otp: code, email, password: 'Chosen#Pass123', cpassword: 'Chosen#Pass123' });
    expect(activated).toEqual({ token: expect.any(String), email });
    expect(await chosenOf(app(), email)).toEqual({ chosen: true, verified: true });
    // Spent now: the code does not set a password twice.
    expect(await client.emit('activateAccount', { otp: code, email, password: 'Other#Pass1234', cpassword: 'Other#Pass1234' })).toMatchObject({ code: 403, error: MESSAGES.invalidOtp });

    await (await app().connect({ token: activated.token! })).call('logout', {});
    expect((await (await app().connect()).call('login', { identifier: email, password: 'Chosen#Pass123', platform: 'web' })).token).toEqual(expect.any(String));
    // With a password of its own, resendOTP mails this verified account nothing more.
    const since = mail().messages.length;
    await client.call('resendOTP', { email });
    await app().server.drain();
    await app().server.services.mailer.flush();
    expect(mail().messages.slice(since).filter((m) => m.to.includes(email))).toEqual([]);
  });

  it('an admin who signed up before sign-up asked for a password (migrated, password_chosen false) chooses one, and older sessions end', async () => {
    const email = `migrated-${engine}@rocket.test`;
    const client = await app().connect();
    const since = mail().messages.length;
    await client.call('signUp', form(email));
    const first = codeIn(await mail().waitFor(email, { since, match: withCode }));
    const before = await client.call('activateAccount', { otp: first, email });
    // What migration 0009 does for such an admin: the password they have is one nobody chose.
    await app().server.database.db.update(users).set({ passwordChosen: false }).where(eq(users.email, email));

    const { code } = await mailedCode(client, email);
    // Being asked for the password is not a wrong guess: asked more often than the code budget allows, the code still works.
    for (let i = 0; i < 7; i += 1) {
      expect(await client.emit('activateAccount', { otp: code, email })).toMatchObject({ code: 400, error: CHOOSE_PASSWORD, data: { fields: ['password'] } });
    }
    const activated = await client.call('activateAccount', { otp: code, email, password: 'Migrated#Pass1', cpassword: 'Migrated#Pass1' });
    expect(activated.token).toEqual(expect.any(String));
    expect(await chosenOf(app(), email)).toEqual({ chosen: true, verified: true });
    // Like a reset: the session opened before the password was chosen is over; the new one works.
    expect((await (await app().connect({ token: before.token! })).emit('authenticate', { token: before.token! })).code).toBe(401);
    expect((await (await app().connect({ token: activated.token! })).call('authenticate', { token: activated.token! })).email).toBe(email);
    expect((await (await app().connect()).emit('login', { identifier: email, password: CHOSEN, platform: 'web' })).code).toBe(403);
    expect((await (await app().connect()).call('login', { identifier: email, password: 'Migrated#Pass1', platform: 'web' })).token).toEqual(expect.any(String));
  });

  it('a reset by the mailed link gives an account without a password one of its own', async () => {
    const email = NO_PASSWORD.resetter;
    const client = await app().connect();
    const since = mail().messages.length;
    await client.call('forgotPassword', { email });
    const link = linkIn(await mail().waitFor(email, { since, match: (m) => m.subject.startsWith('Reset your password') }), '/reset/');
    const code = link.split('/reset/')[1]!;
    expect(await client.call('resetPassword', { password: 'Resetter#Pass1', cpassword: 'Resetter#Pass1', code })).toEqual({ success: true });
    expect(await chosenOf(app(), email)).toEqual({ chosen: true, verified: true });
    expect((await client.call('login', { identifier: email, password: 'Resetter#Pass1', platform: 'web' })).token).toEqual(expect.any(String));
  });
});
