import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { oneTimeCodes } from '../../src/server/db/schema';
import { MESSAGES } from '../../src/shared/validation/messages';
import { linkIn } from '../mail/smtp-receiver';
import { EMAILS, PASSWORDS } from './fixtures/seed';
import { lifecycleSeed } from './fixtures/lifecycle-seed';
import { continueOn, describeEngines, signIn, useTestServerWithMail, resetLimits } from './harness';

const withoutRid = ({ event, data, error, code }: { event: string; data: unknown; error: unknown; code: number }) => ({ event, data, error, code });
const codeOf = (link: string) => link.split('/reset/')[1]!;

describeEngines('forgot, reset and change password', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, lifecycleSeed());
  beforeEach(async () => {
    await resetLimits(app());
  });

  const requestReset = async (email: string) => {
    const since = mail().messages.length;
    await (await app().connect()).call('forgotPassword', { email });
    const message = await mail().waitFor(email, { since });
    return { message, code: codeOf(linkIn(message, '/reset/')) };
  };

  it('answers forgotPassword identically for known and unknown addresses, and mails only the known one', async () => {
    const client = await app().connect();
    const since = mail().messages.length;
    const known = await client.emit('forgotPassword', { email: EMAILS.bystander });
    const unknown = await client.emit('forgotPassword', { email: 'ghost@alpha.test' });
    expect(withoutRid(known)).toEqual(withoutRid(unknown));
    expect(known).toMatchObject({ code: 200, data: { success: true } });
    await app().server.drain();
    const sent = mail().messages.slice(since);
    expect(sent.map((m) => m.to)).toEqual([[EMAILS.bystander]]);
    expect(sent[0]!.subject).toBe('Reset your password - Suite Portal');
    expect(linkIn(sent[0]!, '/reset/')).toMatch(new RegExp(`^${app().server.services.config.publicUrl}/reset/[A-Za-z0-9_-]{43}$`));
    expect(sent[0]!.html).toContain('href=');
  });

  it('resets with the link: all sessions end, the new password works, the old one fails, the link is single-use', async () => {
    const token = await signIn(app(), EMAILS.bystander, PASSWORDS.bystander);
    const { code } = await requestReset(EMAILS.bystander);
    const client = await app().connect();
    expect(await client.call('getResetCodeInfo', { code })).toEqual({ valid: true, email: EMAILS.bystander });
    expect(JSON.stringify(await app().server.database.db.select().from(oneTimeCodes))).not.toContain(code);

    const mismatch = await client.emit('resetPassword', { password: 'Fresh#Pass123', cpassword: 'Fresh#Pass124', code });
    expect(mismatch).toMatchObject({ code: 400, error: `cpassword: ${MESSAGES.passwordMismatch}` });
    const weak = await client.emit('resetPassword', { password: 'freshpass123', cpassword: 'freshpass123', code });
    expect(weak).toMatchObject({ code: 400, error: `password: ${MESSAGES.passwordUppercase}` });

    expect(await client.call('resetPassword', { password: ' Fresh#Pass123 ', cpassword: 'Fresh#Pass123', code })).toEqual({ success: true });
    expect((await client.emit('authenticate', { token })).code).toBe(401);
    expect(await signIn(app(), EMAILS.bystander, 'Fresh#Pass123')).toEqual(expect.any(String));
    const old = await client.emit('login', { identifier: EMAILS.bystander, password: PASSWORDS.bystander, platform: 'web' });
    expect(old).toMatchObject({ code: 403, error: MESSAGES.invalidCredentials });

    const reused = await client.emit('resetPassword', { password: 'Other#Pass123', cpassword: 'Other#Pass123', code });
    expect(reused).toMatchObject({ code: 404, error: MESSAGES.resetLinkInvalid });
    expect(await client.emit('getResetCodeInfo', { code })).toMatchObject({ code: 404, error: MESSAGES.resetLinkInvalid });
  });

  it('refuses an expired link, an unknown one, and a superseded one', async () => {
    const first = await requestReset(EMAILS.lockable);
    const second = await requestReset(EMAILS.lockable);
    const client = await app().connect();
    expect(await client.emit('getResetCodeInfo', { code: first.code })).toMatchObject({ code: 404 });
    expect(await client.emit('getResetCodeInfo', { code: 'not-a-real-code' })).toMatchObject({ code: 404, error: MESSAGES.resetLinkInvalid });
    await app().server.database.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 second'` });
    const expired = await client.emit('resetPassword', { password: 'Fresh#Pass123', cpassword: 'Fresh#Pass123', code: second.code });
    expect(expired).toMatchObject({ code: 404, error: MESSAGES.resetLinkInvalid });
    expect(await signIn(app(), EMAILS.lockable, PASSWORDS.lockable)).toEqual(expect.any(String));
  });

  it('rejects malformed reset payloads', async () => {
    const client = await app().connect();
    expect(await client.emit('forgotPassword', { email: 'not-an-email' })).toMatchObject({ code: 400, error: `email: ${MESSAGES.invalid('Email')}` });
    expect(await client.emit('resetPassword', { password: 'Fresh#Pass123', cpassword: 'Fresh#Pass123' })).toMatchObject({ code: 400 });
    expect(await client.emit('getResetCodeInfo', { code: '' })).toMatchObject({ code: 400 });
  });

  it('limits reset mails per address, with the same answer for unknown addresses', async () => {
    const client = await app().connect();
    for (let i = 1; i <= 5; i += 1) expect((await client.emit('forgotPassword', { email: 'ghost2@alpha.test' })).code).toBe(200);
    expect((await client.emit('forgotPassword', { email: 'ghost2@alpha.test' })).code).toBe(429);
  });

  it('changes the password when signed in: new token, other sessions end, forced change cleared', async () => {
    const other = await signIn(app(), EMAILS.newHire, PASSWORDS.newHire);
    const signingIn = await app().connect();
    const login = await signingIn.call('login', { identifier: EMAILS.newHire, password: PASSWORDS.newHire, platform: 'web' });
    expect(login.aftrp).toBe(true);
    const client = await continueOn(app(), signingIn, login.token!);

    const wrong = await client.emit('hrms|myPassword|update', { oldPassword: 'Wrong#Pass999', newPassword: 'Changed#Pass1' });
    expect(wrong).toMatchObject({ code: 403, error: MESSAGES.currentPasswordWrong });
    const same = await client.emit('hrms|myPassword|update', { oldPassword: PASSWORDS.newHire, newPassword: PASSWORDS.newHire });
    expect(same).toMatchObject({ code: 400, error: MESSAGES.samePassword });
    const weak = await client.emit('hrms|myPassword|update', { oldPassword: PASSWORDS.newHire, newPassword: 'changed#pass1' });
    expect(weak).toMatchObject({ code: 400, error: `newPassword: ${MESSAGES.passwordUppercase}` });

    const { token } = await client.call('hrms|myPassword|update', { oldPassword: PASSWORDS.newHire, newPassword: 'Changed#Pass1' });
    expect(token).not.toBe(login.token);
    const ended = { code: 401, error: 'Your session has ended. Please sign in again.' };
    expect(await (await app().connect({ token: other })).emit('authenticate', { token: other })).toMatchObject(ended);
    expect(await (await app().connect({ token: login.token! })).emit('authenticate', { token: login.token! })).toMatchObject(ended);
    // The client carries on over a connection opened with the new token.
    const renewed = await continueOn(app(), client, token);
    expect((await renewed.call('authenticate', { token })).aftrp).toBe(false);
    expect((await renewed.call('getWorkspaceList', {})).list.length).toBeGreaterThan(0);
    const check = await app().connect();
    const relogin = await check.call('login', { identifier: EMAILS.newHire, password: 'Changed#Pass1', platform: 'web' });
    expect(relogin.aftrp).toBeUndefined();
  });

  it('needs a session to change the password', async () => {
    const client = await app().connect();
    expect((await client.emit('hrms|myPassword|update', { oldPassword: PASSWORDS.member, newPassword: 'Changed#Pass1' })).code).toBe(401);
  });
});
