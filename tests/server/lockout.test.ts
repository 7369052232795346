import * as OTPAuth from 'otpauth';
import { beforeEach, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/validation/messages';
import { codeIn, linkIn, withCode } from '../mail/smtp-receiver';
import { lifecycleSeed } from './fixtures/lifecycle-seed';
import { EMAILS, PASSWORDS } from './fixtures/seed';
import { describeEngines, useTestServerWithMail, resetLimits, type RawEnvelope, type TestClient } from './harness';

// The lockout policy (README, "Limits and lockout"), tried from several client addresses. The server trusts one proxy
// hop (TRUST_PROXY=1) and each client plays a different address through X-Forwarded-For, as a proxy would append it.

const WRONG = 'Wrong#Pass999';
const FACTOR_PASSWORD = 'Factor#Pass123';
const TOTP_USER = 'lock.factor@mfa.test';
const from = (address: string) => ({ 'x-forwarded-for': address });
const strip = ({ data, error, code }: RawEnvelope) => ({ data, error, code });

function lockoutSeed() {
  const seed = lifecycleSeed();
  seed.organizations.push({ orgId: 'app-co', company: 'App Co', plan: { hrms: true }, mfa: { email: false, authenticatorApp: true } });
  seed.users.push({ email: TOTP_USER, password: FACTOR_PASSWORD, firstName: 'Lock', lastName: 'Factor', memberships: [{ orgId: 'app-co', role: 'member', productAccess: ['hrms'] }] });
  return seed;
}

describeEngines('lockout an attacker cannot turn into a weapon', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, lockoutSeed(), { TRUST_PROXY: '1' });
  beforeEach(async () => {
    await resetLimits(app());
  });

  const login = (client: TestClient, identifier: string, password: string) => client.emit('login', { identifier, password, platform: 'web' });
  /** Five wrong passwords from each address: the most each address may try. */
  const guessFrom = async (addresses: string[], identifier: string) => {
    for (const address of addresses) {
      const attacker = await app().connect(undefined, from(address));
      for (let i = 0; i < 5; i += 1) expect((await login(attacker, identifier, WRONG)).code).toBe(403);
      expect((await login(attacker, identifier, WRONG)).code).toBe(429);
      attacker.close();
    }
  };

  it('an attacker at one address cannot lock the owner out at another', async () => {
    const attacker = await app().connect(undefined, from('203.0.113.5'));
    const replies = [];
    for (let i = 0; i < 12; i += 1) replies.push((await login(attacker, EMAILS.member, WRONG)).code);
    expect(replies).toEqual([403, 403, 403, 403, 403, 429, 429, 429, 429, 429, 429, 429]);
    const owner = await app().connect(undefined, from('198.51.100.7'));
    expect((await owner.call('login', { identifier: EMAILS.member, password: PASSWORDS.member, platform: 'web' })).token).toEqual(expect.any(String));
  });

  it('guesses from many addresses lock the identifier everywhere; its owner gets one link that lifts the lock, once', async () => {
    const since = mail().messages.length;
    await guessFrom(['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'], EMAILS.bystander);
    // The 21st guess, from a fifth address, is over the identifier's budget for every address.
    const fifth = await app().connect(undefined, from('203.0.113.9'));
    expect((await login(fifth, EMAILS.bystander, WRONG)).code).toBe(429);
    const owner = await app().connect(undefined, from('198.51.100.8'));
    const refused = await login(owner, EMAILS.bystander, PASSWORDS.bystander);
    expect(refused).toMatchObject({ code: 429, error: 'Too many attempts. Try again in 60 minutes.' });

    // The very same refusal for an identifier no one has, locked the same way; and no mail for it.
    await guessFrom(['203.0.113.11', '203.0.113.12', '203.0.113.13', '203.0.113.14'], 'nobody@alpha.test');
    expect(strip(await login(owner, 'nobody@alpha.test', WRONG))).toEqual(strip(refused));

    await app().server.drain();
    const unlockMails = mail().messages.slice(since).filter((m) => m.subject.startsWith('Sign-in to your account was paused'));
    expect(unlockMails.map((m) => m.to)).toEqual([[EMAILS.bystander]]);
    const code = linkIn(unlockMails[0]!, '/unlock/').split('/unlock/')[1]!;
    expect(await owner.call('unlockAccount', { code })).toEqual({ success: true });
    expect((await owner.call('login', { identifier: EMAILS.bystander, password: PASSWORDS.bystander, platform: 'web' })).token).toEqual(expect.any(String));
    expect(await owner.emit('unlockAccount', { code })).toMatchObject({ code: 404, error: MESSAGES.unlockLinkInvalid });
  });

  it('a password reset lifts the lock it was meant to escape', async () => {
    await guessFrom(['203.0.113.21', '203.0.113.22', '203.0.113.23', '203.0.113.24'], EMAILS.lockable);
    const owner = await app().connect(undefined, from('198.51.100.9'));
    expect((await login(owner, EMAILS.lockable, PASSWORDS.lockable)).code).toBe(429);
    const since = mail().messages.length;
    await owner.call('forgotPassword', { email: EMAILS.lockable });
    const code = linkIn(await mail().waitFor(EMAILS.lockable, { since, match: (m) => m.subject.startsWith('Reset your password') }), '/reset/').split('/reset/')[1]!;
    await owner.call('resetPassword', { password: 'Escaped#Pass123', cpassword: 'Escaped#Pass123', code });
    const elsewhere = await app().connect(undefined, from('198.51.100.10'));
    expect((await elsewhere.call('login', { identifier: EMAILS.lockable, password: 'Escaped#Pass123', platform: 'web' })).token).toEqual(expect.any(String));
    // And the owner hears of the reset.
    await mail().waitFor(EMAILS.lockable, { since, match: (m) => m.subject.startsWith('Your password was reset') });
  });

  it('requests from a stranger never keep the owner from a working reset link', async () => {
    const since = mail().messages.length;
    const stranger = await app().connect(undefined, from('203.0.113.30'));
    const codes = [];
    for (let i = 0; i < 8; i += 1) codes.push((await stranger.emit('forgotPassword', { email: EMAILS.admin })).code);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const owner = await app().connect(undefined, from('198.51.100.11'));
    expect(await owner.call('forgotPassword', { email: EMAILS.admin })).toEqual({ success: true });
    await app().server.drain();
    // At most five links reached the mailbox, and the one mailed last works.
    const links = mail()
      .messages.slice(since)
      .filter((m) => m.to.includes(EMAILS.admin) && m.subject.startsWith('Reset your password'));
    expect(links.length).toBeGreaterThanOrEqual(1);
    expect(links.length).toBeLessThanOrEqual(5);
    const latest = linkIn(links.at(-1)!, '/reset/').split('/reset/')[1]!;
    expect(await owner.call('getResetCodeInfo', { code: latest })).toEqual({ valid: true, email: EMAILS.admin });
  });

  it('wrong verification codes from one address do not block the owner\'s right code from another', async () => {
    const email = `verify-${engine}@lockout.test`;
    const owner = await app().connect(undefined, from('198.51.100.12'));
    const since = mail().messages.length;
    await owner.call('signUp', { firstName: 'Val', lastName: 'Verify', email, password: 'Verify#Pass123', cpassword: 'Verify#Pass123', company: 'Lockout Verify', phone: '91-9876543210', numemployees: '1-5', country: 'India', industryType: 'Software' });
    const code = codeIn(await mail().waitFor(email, { since, match: withCode }));
    const attacker = await app().connect(undefined, from('203.0.113.40'));
    const wrong = code === '000000' ? '111111' : '000000';
    const replies = [];
    for (let i = 0; i < 7; i += 1) replies.push((await attacker.emit('activateAccount', { otp: wrong, email })).code);
    // Five checks from that address, then its own rule's 15 minutes (the address's rule for every email would allow 50).
    expect(replies).toEqual([403, 403, 403, 403, 403, 429, 429]);
    expect(await attacker.emit('activateAccount', { otp: code, email })).toMatchObject({ code: 429, error: MESSAGES.tooManyAttempts(15 * 60) });
    expect((await owner.call('activateAccount', { otp: code, email })).token).toEqual(expect.any(String));
  });

  it('wrong recovery codes sent with the owner\'s email lock neither their second factor nor their own recovery', async () => {
    const signer = await app().connect(undefined, from('198.51.100.13'));
    const held = { identifier: TOTP_USER, password: FACTOR_PASSWORD };
    const generated = await signer.call('hrms|master|MFA|generateQRCode', held);
    const totp = (offset: number) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(generated.MFASecretKey) }).generate({ timestamp: Date.now() + offset * 1000 });
    await signer.call('hrms|master|MFA|verify', { ...held, otp: totp(0), MFASecretKey: generated.MFASecretKey });
    await signer.call('hrms|master|MFA|setup', { ...held, MFA: { isEmailMFA: false, isAuthenticatorAppMFA: true, MFASecretKey: generated.MFASecretKey } });

    const attacker = await app().connect(undefined, from('203.0.113.50'));
    const replies = [];
    for (let i = 0; i < 8; i += 1) replies.push((await attacker.emit('forgotPasswordWithRecoveryCode', { identifier: TOTP_USER, recoveryCode: 'zzzz-zzzzz' })).code);
    expect(replies).toEqual([403, 403, 403, 403, 403, 429, 429, 429]);
    expect(await attacker.emit('forgotPasswordWithRecoveryCode', { identifier: TOTP_USER, recoveryCode: generated.recoveryCode })).toMatchObject({ code: 429, error: MESSAGES.tooManyAttempts(15 * 60) });

    expect((await signer.call('login', { identifier: TOTP_USER, password: FACTOR_PASSWORD, platform: 'web', MFAType: 2, otp: totp(30) })).token).toEqual(expect.any(String));
    expect(await signer.call('forgotPasswordWithRecoveryCode', { identifier: TOTP_USER, recoveryCode: generated.recoveryCode })).toEqual({ success: true, user: expect.any(String) });
  });
});
