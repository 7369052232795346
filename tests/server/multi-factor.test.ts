import { eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { beforeEach, expect, it } from 'vitest';
import { oneTimeCodes, organizations, rateLimits, users } from '../../src/server/db/schema';
import { MESSAGES } from '../../src/shared/validation/messages';
import { codeIn, withCode } from '../mail/smtp-receiver';
import { MFA_PASSWORD, MFA_USERS, multiFactorSeed } from './fixtures/multi-factor-seed';
import { describeEngines, useTestServerWithMail, resetLimits, type TestClient } from './harness';

// Codes are computed by an independent RFC 6238 implementation, not by the server's.
const totpAt = (secret: string, offsetSeconds = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });
const held = (identifier: string) => ({ identifier, password: MFA_PASSWORD });
const login = (client: TestClient, identifier: string, extra: Record<string, unknown> = {}) =>
  client.emit('login', { identifier, password: MFA_PASSWORD, platform: 'web', ...extra });

describeEngines('multi-factor sign-in, setup and recovery', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, multiFactorSeed());
  beforeEach(async () => {
    await resetLimits(app());
  });

  /** Sets up the authenticator with held login details, as /setup-multi-factor does before the first token. */
  const setUpAuthenticator = async (client: TestClient, email: string, options: { email?: boolean } = {}) => {
    const generated = await client.call('hrms|master|MFA|generateQRCode', held(email));
    expect(generated.MFAQrCode).toMatch(/^data:image\/png;base64,/);
    expect(generated.MFASecretKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(generated.recoveryCode).toMatch(/^[a-z0-9]{4}-[a-z0-9]{5}$/);
    const wrong = await client.emit('hrms|master|MFA|verify', { ...held(email), otp: totpAt(generated.MFASecretKey, 120), MFASecretKey: generated.MFASecretKey });
    expect(wrong).toMatchObject({ code: 403, error: MESSAGES.invalidOtp });
    const verified = await client.call('hrms|master|MFA|verify', { ...held(email), otp: totpAt(generated.MFASecretKey), MFASecretKey: generated.MFASecretKey });
    expect(verified).toEqual({ success: true });
    const saved = await client.call('hrms|master|MFA|setup', {
      ...held(email),
      MFA: { isEmailMFA: options.email ?? false, isAuthenticatorAppMFA: true, MFASecretKey: generated.MFASecretKey },
    });
    expect(saved).toEqual({ success: true, token: expect.any(String) });
    return { secret: generated.MFASecretKey, recoveryCode: generated.recoveryCode, token: saved.token! };
  };

  it('asks an authenticator-policy user to set up first, then signs them in only with a valid code', async () => {
    const client = await app().connect();
    const first = await login(client, MFA_USERS.app);
    expect(first).toMatchObject({
      code: 200,
      data: { isCompanyMFA: true, isUserMFASetup: false, MFAType: 2, isEmailMFA: false, isAuthenticatorAppMFA: true, email: MFA_USERS.app },
    });
    expect(first.data).not.toHaveProperty('token');
    const { secret, token } = await setUpAuthenticator(client, MFA_USERS.app);

    const signedIn = await app().connect({ token });
    const session = await signedIn.call('authenticate', { token });
    expect(session).toMatchObject({ email: MFA_USERS.app, isCompanyMFA: true, isUserMFASetup: true });
    const list = await signedIn.call('getWorkspaceList', {});
    expect(list.list.find((org) => org.orgId === 'app-co')).toMatchObject({ isCompanyMFA: true });
    await expect(signedIn.call('hrms|master|MFA|read', undefined)).resolves.toEqual({
      MFA: { isEmailMFA: false, isAuthenticatorAppMFA: true },
      company: { isEmailMFA: false, isAuthenticatorAppMFA: true },
    });

    const other = await app().connect();
    const asked = await login(other, MFA_USERS.app);
    expect(asked.data).toMatchObject({ isCompanyMFA: true, isUserMFASetup: true, MFAType: 2 });
    expect(asked.data).not.toHaveProperty('token');
    expect(await login(other, MFA_USERS.app, { MFAType: 2, otp: totpAt(secret, 240) })).toMatchObject({ code: 403, error: MESSAGES.invalidOtp });
    const passed = await login(other, MFA_USERS.app, { MFAType: 2, otp: totpAt(secret, 30) });
    expect(passed).toMatchObject({ code: 200, data: { token: expect.any(String), email: MFA_USERS.app } });
    // Held login details cannot redo a finished setup: that would let a password alone replace the second factor.
    expect(await other.emit('hrms|master|MFA|generateQRCode', held(MFA_USERS.app))).toMatchObject({ code: 403 });
  });

  it('accepts one step of drift either side and every code only once', async () => {
    const client = await app().connect();
    const { secret } = await setUpAuthenticator(client, MFA_USERS.replay);
    // The step verified during setup is spent already.
    expect(await login(client, MFA_USERS.replay, { MFAType: 2, otp: totpAt(secret) })).toMatchObject({ code: 403, error: MESSAGES.invalidOtp });
    expect(await login(client, MFA_USERS.replay, { MFAType: 2, otp: totpAt(secret, -30) })).toMatchObject({ code: 403 });
    expect(await login(client, MFA_USERS.replay, { MFAType: 2, otp: totpAt(secret, 90) })).toMatchObject({ code: 403 });
    const ahead = totpAt(secret, 30);
    expect(await login(client, MFA_USERS.replay, { MFAType: 2, otp: ahead })).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    expect(await login(client, MFA_USERS.replay, { MFAType: 2, otp: ahead })).toMatchObject({ code: 403, error: MESSAGES.invalidOtp });
    const stored = JSON.stringify(await app().server.database.db.select().from(users).where(eq(users.email, MFA_USERS.replay)));
    expect(stored).not.toContain(secret);
  });

  it('mails a single-use code to a work-email user, refuses it once expired or used', async () => {
    const client = await app().connect();
    const first = await login(client, MFA_USERS.mail);
    expect(first.data).toMatchObject({ isCompanyMFA: true, isUserMFASetup: false, MFAType: 1, isEmailMFA: true, isAuthenticatorAppMFA: false });
    const saved = await client.call('hrms|master|MFA|setup', { ...held(MFA_USERS.mail), MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    expect(saved).toEqual({ success: true });

    const since = mail().messages.length;
    expect((await login(client, MFA_USERS.mail)).data).toMatchObject({ isUserMFASetup: true, MFAType: 1 });
    const code = codeIn(await mail().waitFor(MFA_USERS.mail, { since, match: withCode }));
    expect(JSON.stringify(await app().server.database.db.select().from(oneTimeCodes))).not.toContain(code);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await login(client, MFA_USERS.mail, { MFAType: 1, otp: wrong })).toMatchObject({ code: 403, error: MESSAGES.invalidOtp });
    expect(await login(client, MFA_USERS.mail, { MFAType: 1, otp: code })).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    expect(await login(client, MFA_USERS.mail, { MFAType: 1, otp: code })).toMatchObject({ code: 403, error: MESSAGES.invalidOtp });

    const again = mail().messages.length;
    await login(client, MFA_USERS.mail, { MFAType: 1 });
    const late = codeIn(await mail().waitFor(MFA_USERS.mail, { since: again, match: withCode }));
    await app().server.database.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oneTimeCodes.purpose, 'mfa-login'));
    expect(await login(client, MFA_USERS.mail, { MFAType: 1, otp: late })).toMatchObject({ code: 403, error: MESSAGES.otpExpired });
    // The authenticator is not this company's factor.
    expect(await login(client, MFA_USERS.mail, { MFAType: 2, otp: '123456' })).toMatchObject({ code: 400 });
  });

  it('offers the choice when both factors are enabled, and mails only for work email', async () => {
    const client = await app().connect();
    expect((await login(client, MFA_USERS.both)).data).toMatchObject({ isUserMFASetup: false, MFAType: 1, isEmailMFA: true, isAuthenticatorAppMFA: true });
    const { secret } = await setUpAuthenticator(client, MFA_USERS.both, { email: true });
    const since = mail().messages.length;
    expect((await login(client, MFA_USERS.both, { MFAType: 2 })).data).toMatchObject({ MFAType: 2, isEmailMFA: true, isAuthenticatorAppMFA: true });
    await app().server.drain();
    // No code was mailed (the notice of the setup may arrive meanwhile; it carries no code).
    expect(mail().messages.slice(since).filter((m) => m.to.includes(MFA_USERS.both) && withCode(m))).toEqual([]);
    expect(await login(client, MFA_USERS.both, { MFAType: 2, otp: totpAt(secret, 30) })).toMatchObject({ code: 200 });
    await login(client, MFA_USERS.both, { MFAType: 1 });
    const code = codeIn(await mail().waitFor(MFA_USERS.both, { since, match: withCode }));
    expect(await login(client, MFA_USERS.both, { MFAType: 1, otp: code })).toMatchObject({ code: 200, data: { token: expect.any(String) } });
  });

  it('spends a recovery code once in place of the second factor, with the password, and issues a fresh one', async () => {
    const client = await app().connect();
    const { recoveryCode } = await setUpAuthenticator(client, MFA_USERS.recovery);
    const used = await client.call('hrms|master|MFA|verify', { ...held(MFA_USERS.recovery), recoveryCode: recoveryCode.toUpperCase() });
    expect(used).toEqual({ success: true, recoveryCode: expect.stringMatching(/^[a-z0-9]{4}-[a-z0-9]{5}$/), token: expect.any(String) });
    expect(used.recoveryCode).not.toBe(recoveryCode);
    const again = await client.emit('hrms|master|MFA|verify', { ...held(MFA_USERS.recovery), recoveryCode });
    expect(again).toMatchObject({ code: 403, error: MESSAGES.invalidRecoveryCode });
    // Held login details never replace a second factor that is set up, even right after a recovery code: the
    // session the code gave is how the authenticator is set up anew.
    expect(await client.emit('hrms|master|MFA|generateQRCode', held(MFA_USERS.recovery))).toMatchObject({ code: 403 });
    const signedIn = await app().connect({ token: used.token! });
    expect((await signedIn.emit('hrms|master|MFA|generateQRCode', {})).code).toBe(200);
  });

  it('resets a password with a recovery code, mails the code that replaces it, and still asks for the second factor', async () => {
    const client = await app().connect();
    const { secret, recoveryCode } = await setUpAuthenticator(client, MFA_USERS.reset);

    const wrong = await client.emit('forgotPasswordWithRecoveryCode', { identifier: MFA_USERS.reset, recoveryCode: 'aaaa-bbbbb' });
    const unknown = await client.emit('forgotPasswordWithRecoveryCode', { identifier: 'nobody@mfa.test', recoveryCode });
    const strip = ({ data, error, code }: { data: unknown; error: unknown; code: number }) => ({ data, error, code });
    expect(strip(unknown)).toEqual(strip(wrong));
    expect(wrong).toMatchObject({ code: 403, error: MESSAGES.invalidRecoveryCode });

    const since = mail().messages.length;
    const ticket = await client.call('forgotPasswordWithRecoveryCode', { identifier: MFA_USERS.reset, recoveryCode });
    expect(ticket).toEqual({ success: true, user: expect.any(String) });
    const mailed = await mail().waitFor(MFA_USERS.reset, { since, match: (m) => m.subject.startsWith('Your new recovery code') });
    const replacement = /^\s{4}([a-z0-9]{4}-[a-z0-9]{5})$/m.exec(mailed.text)?.[1];
    expect(replacement).toMatch(/^[a-z0-9]{4}-[a-z0-9]{5}$/);

    expect(await client.call('resetPassword', { password: 'Renewed#Pass123', cpassword: 'Renewed#Pass123', user: ticket.user })).toEqual({ success: true });
    expect(await client.emit('resetPassword', { password: 'Again#Pass1234', cpassword: 'Again#Pass1234', user: ticket.user })).toMatchObject({ code: 404 });
    await mail().waitFor(MFA_USERS.reset, { since, match: (m) => m.subject.startsWith('Your password was reset') });
    // The new password alone gives no token: the second factor is still asked for.
    const next = await client.emit('login', { identifier: MFA_USERS.reset, password: 'Renewed#Pass123', platform: 'web' });
    expect(next).toMatchObject({ code: 200, data: { isCompanyMFA: true, isUserMFASetup: true } });
    expect(next.data).not.toHaveProperty('token');
    expect(await client.emit('login', { identifier: MFA_USERS.reset, password: 'Renewed#Pass123', platform: 'web', MFAType: 2, otp: totpAt(secret, 30) })).toMatchObject({
      code: 200,
      data: { token: expect.any(String) },
    });
  });

  it('never gives a session to a recovery code alone', async () => {
    const client = await app().connect();
    const { recoveryCode } = await setUpAuthenticator(client, MFA_USERS.alone);
    // An attacker with the identifier and one recovery code: a reset ticket and a new password, but no token and no
    // recovery code to pass the second factor with.
    const ticket = await client.call('forgotPasswordWithRecoveryCode', { identifier: MFA_USERS.alone, recoveryCode });
    expect(ticket).not.toHaveProperty('recoveryCode');
    await client.call('resetPassword', { password: 'Taken#Over1234', cpassword: 'Taken#Over1234', user: ticket.user });
    const step = await client.emit('login', { identifier: MFA_USERS.alone, password: 'Taken#Over1234', platform: 'web' });
    expect(step.data).not.toHaveProperty('token');
    // The spent code does not pass the second factor, and held details cannot set up a new authenticator.
    const asFactor = await client.emit('hrms|master|MFA|verify', { identifier: MFA_USERS.alone, password: 'Taken#Over1234', recoveryCode });
    expect(asFactor).toMatchObject({ code: 403, error: MESSAGES.invalidRecoveryCode });
    expect(await client.emit('hrms|master|MFA|generateQRCode', { identifier: MFA_USERS.alone, password: 'Taken#Over1234' })).toMatchObject({ code: 403 });
    expect(await client.emit('hrms|master|MFA|setup', { identifier: MFA_USERS.alone, password: 'Taken#Over1234', MFA: { isEmailMFA: false, isAuthenticatorAppMFA: false } })).toMatchObject({ code: 403 });
    expect(client.socket.connected).toBe(true);
    await expect(client.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
  });

  it('locks wrong second factors on their own counter, apart from the password', async () => {
    const client = await app().connect();
    await client.call('hrms|master|MFA|setup', { ...held(MFA_USERS.limits), MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    const since = mail().messages.length;
    await login(client, MFA_USERS.limits);
    const code = codeIn(await mail().waitFor(MFA_USERS.limits, { since, match: withCode }));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(await login(client, MFA_USERS.limits, { MFAType: 1, otp: wrong })).toMatchObject({ code: 403 });
    const locked = await login(client, MFA_USERS.limits, { MFAType: 1, otp: code });
    expect(locked).toMatchObject({ code: 429, data: { retryAfter: 900 } });
    expect(locked.data).not.toHaveProperty('token');
    // The password still works: only the second factor is locked.
    expect((await login(client, MFA_USERS.limits)).code).toBe(200);
    // Counters hold no address or identifier in the clear.
    const keys = (await app().server.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.some((key) => key.startsWith('secondFactor.subject:'))).toBe(true);
    expect(keys.join(' ')).not.toContain(MFA_USERS.limits);
  });

  it('refuses the multi-factor events without a session or the right login details', async () => {
    const client = await app().connect();
    expect(await client.emit('hrms|master|MFA|read', undefined)).toMatchObject({ code: 401 });
    expect(await client.emit('hrms|master|MFA|read', { identifier: MFA_USERS.held, password: 'Wrong#Pass123' })).toMatchObject({
      code: 403,
      error: MESSAGES.invalidCredentials,
    });
    const ok = await client.call('hrms|master|MFA|read', held(MFA_USERS.held));
    expect(ok).toEqual({ MFA: { isEmailMFA: false, isAuthenticatorAppMFA: false }, company: { isEmailMFA: false, isAuthenticatorAppMFA: true } });
    // Save is refused until a code from the authenticator has been verified.
    const generated = await client.call('hrms|master|MFA|generateQRCode', held(MFA_USERS.held));
    const early = await client.emit('hrms|master|MFA|setup', { ...held(MFA_USERS.held), MFA: { isEmailMFA: false, isAuthenticatorAppMFA: true, MFASecretKey: generated.MFASecretKey } });
    expect(early).toMatchObject({ code: 400 });
    const notOffered = await client.emit('hrms|master|MFA|setup', { ...held(MFA_USERS.held), MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    expect(notOffered).toMatchObject({ code: 400, error: 'Your company does not offer this second factor.' });
    expect(app().logs.join('\n')).not.toContain(generated.MFASecretKey);
  });

  it('verifies an unverified account before the second factor, and forces a password change after it', async () => {
    const client = await app().connect();
    const unverified = await login(client, MFA_USERS.unverified);
    expect(unverified).toMatchObject({ code: 200, data: { activateAccount: true, email: MFA_USERS.unverified } });
    expect(unverified.data).not.toHaveProperty('isCompanyMFA');

    await client.call('hrms|master|MFA|setup', { ...held(MFA_USERS.forced), MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    const since = mail().messages.length;
    expect((await login(client, MFA_USERS.forced)).data).not.toHaveProperty('token');
    const code = codeIn(await mail().waitFor(MFA_USERS.forced, { since, match: withCode }));
    expect(await login(client, MFA_USERS.forced, { MFAType: 1, otp: code })).toMatchObject({ code: 200, data: { token: expect.any(String), aftrp: true } });
  });

  it('gives no session for verifying the email of an account whose company demands a second factor', async () => {
    const client = await app().connect();
    const since = mail().messages.length;
    expect((await login(client, MFA_USERS.unverified)).data).toMatchObject({ activateAccount: true });
    const code = codeIn(await mail().waitFor(MFA_USERS.unverified, { since, match: withCode }));
    const activated = await client.emit('activateAccount', { otp: code, email: MFA_USERS.unverified });
    expect(activated).toMatchObject({ code: 200, data: { email: MFA_USERS.unverified, isCompanyMFA: true } });
    expect(activated.data).not.toHaveProperty('token');
    // Verified now, so the next sign-in asks for the second factor instead of verification.
    const next = await login(client, MFA_USERS.unverified);
    expect(next).toMatchObject({ code: 200, data: { isCompanyMFA: true } });
    expect(next.data).not.toHaveProperty('token');
  });
  it('a user whose companies ask for nothing turns on the authenticator for themselves; sign-in then asks for it, until they turn it off', async () => {
    const email = MFA_USERS.own;
    const client = await app().connect();
    const first = await login(client, email);
    expect(first).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    const signedIn = await app().connect({ token: first.data!.token as string });
    expect(await signedIn.call('hrms|master|MFA|read', undefined)).toEqual({
      MFA: { isEmailMFA: false, isAuthenticatorAppMFA: false },
      company: { isEmailMFA: false, isAuthenticatorAppMFA: false },
    });

    // With a session: the QR code, a verified code, and Save, although no company offers the authenticator.
    const generated = await signedIn.call('hrms|master|MFA|generateQRCode', {});
    await signedIn.call('hrms|master|MFA|verify', { otp: totpAt(generated.MFASecretKey), MFASecretKey: generated.MFASecretKey });
    const since = mail().messages.length;
    expect(await signedIn.call('hrms|master|MFA|setup', { MFA: { isEmailMFA: false, isAuthenticatorAppMFA: true, MFASecretKey: generated.MFASecretKey } })).toEqual({ success: true });
    expect((await mail().waitFor(email, { since, match: (m) => m.text.includes('Your second factor was set to a new authenticator app') })).to).toContain(email);
    expect(await signedIn.call('authenticate', { token: first.data!.token as string })).toMatchObject({ isCompanyMFA: true, isUserMFASetup: true });

    // The next sign-in asks for it: no token for the password alone.
    const asked = await login(client, email);
    expect(asked).toMatchObject({ code: 200, data: { isCompanyMFA: true, isUserMFASetup: true, MFAType: 2, isEmailMFA: false, isAuthenticatorAppMFA: true, email } });
    expect(asked.data).not.toHaveProperty('token');
    expect(await login(client, email, { MFAType: 2, otp: totpAt(generated.MFASecretKey, 240) })).toMatchObject({ code: 403, error: MESSAGES.invalidOtp });
    // Work email is not a factor of theirs.
    expect(await login(client, email, { MFAType: 1, otp: '123456' })).toMatchObject({ code: 400 });
    const passed = await login(client, email, { MFAType: 2, otp: totpAt(generated.MFASecretKey, 30) });
    expect(passed).toMatchObject({ code: 200, data: { token: expect.any(String), email } });
    // The password alone (held login details) cannot change or remove it.
    expect(await client.emit('hrms|master|MFA|setup', { ...held(email), MFA: { isEmailMFA: false, isAuthenticatorAppMFA: false } })).toMatchObject({ code: 403 });
    expect(await client.emit('hrms|master|MFA|generateQRCode', held(email))).toMatchObject({ code: 403 });

    // Turned off with a session (its notice and audit line as any change), sign-in is one step again.
    const session = await app().connect({ token: passed.data!.token as string });
    expect(await session.call('hrms|master|MFA|setup', { MFA: { isEmailMFA: false, isAuthenticatorAppMFA: false } })).toEqual({ success: true });
    const history = await session.call('getSignInHistory', { page: 1, pageSize: 20, filter: { kinds: ['second-factor-changed'] } });
    expect(history.list.map((entry) => entry.detail)).toEqual(['set to none', 'set to a new authenticator app']);
    expect(await login(client, email)).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    expect(JSON.stringify(await app().server.database.db.select({ secret: users.mfaSecret }).from(users).where(eq(users.email, email)))).toBe('[{"secret":null}]');

    // Work email codes may be turned on for oneself too: sign-in then mails a code.
    const again = await app().connect({ token: (await login(client, email)).data!.token as string });
    await again.call('hrms|master|MFA|setup', { MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    const before = mail().messages.length;
    expect((await login(client, email)).data).toMatchObject({ isCompanyMFA: true, isUserMFASetup: true, MFAType: 1, isEmailMFA: true, isAuthenticatorAppMFA: false });
    const code = codeIn(await mail().waitFor(email, { since: before, match: withCode }));
    expect(await login(client, email, { MFAType: 1, otp: code })).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    await again.call('hrms|master|MFA|setup', { MFA: { isEmailMFA: false, isAuthenticatorAppMFA: false } });
  });

  it("a company that asks for work email gets it even from a user who turned the authenticator on for themselves, which stays theirs", async () => {
    const email = MFA_USERS.later;
    const client = await app().connect();
    const token = (await login(client, email)).data!.token as string;
    const signedIn = await app().connect({ token });
    const generated = await signedIn.call('hrms|master|MFA|generateQRCode', {});
    await signedIn.call('hrms|master|MFA|verify', { otp: totpAt(generated.MFASecretKey), MFASecretKey: generated.MFASecretKey });
    await signedIn.call('hrms|master|MFA|setup', { MFA: { isEmailMFA: false, isAuthenticatorAppMFA: true, MFASecretKey: generated.MFASecretKey } });

    // Later Co now asks for work email: the user's own authenticator does not stand in for it.
    await app().server.database.db.update(organizations).set({ mfaEmail: true }).where(eq(organizations.orgId, 'later-co'));
    await expect
      .poll(async () => (await login(client, email)).data, { timeout: 5000 })
      .toMatchObject({ isCompanyMFA: true, isUserMFASetup: false, MFAType: 1, isEmailMFA: true, isAuthenticatorAppMFA: false });
    const withApp = await login(client, email, { MFAType: 2, otp: totpAt(generated.MFASecretKey, 30) });
    expect(withApp).toMatchObject({ code: 200, data: { isCompanyMFA: true, isUserMFASetup: false } });
    expect(withApp.data).not.toHaveProperty('token');
    // Setting up the company's factor with the password alone keeps the authenticator on; it cannot turn on one the company does not offer.
    expect(await client.emit('hrms|master|MFA|setup', { ...held(email), MFA: { isEmailMFA: false, isAuthenticatorAppMFA: true } })).toMatchObject({
      code: 400,
      error: 'Your company asks for work email.',
    });
    expect(await client.call('hrms|master|MFA|setup', { ...held(email), MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } })).toEqual({ success: true });
    expect(await client.call('hrms|master|MFA|read', held(email))).toEqual({ MFA: { isEmailMFA: true, isAuthenticatorAppMFA: true }, company: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    const since = mail().messages.length;
    expect((await login(client, email)).data).toMatchObject({ isCompanyMFA: true, isUserMFASetup: true, MFAType: 1, isEmailMFA: true, isAuthenticatorAppMFA: false });
    const code = codeIn(await mail().waitFor(email, { since, match: withCode }));
    expect(await login(client, email, { MFAType: 1, otp: code })).toMatchObject({ code: 200, data: { token: expect.any(String) } });
  });
});
