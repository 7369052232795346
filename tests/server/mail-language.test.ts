import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { UNKNOWN_LANGUAGE } from '../../src/shared/protocol/language-events';
import { linkIn, type ReceivedMail } from '../mail/smtp-receiver';
import { EMAILS, PASSWORDS } from './fixtures/seed';
import { lifecycleSeed } from './fixtures/lifecycle-seed';
import { continueOn, describeEngines, resetLimits, useTestServerWithMail } from './harness';

// Issue 26: the account remembers its language (the picker's through setLanguage; at a sign-in, the connection's when
// it is the user's choice, the `ubs_lang` cookie, or the account has none yet), and every mail is written in it;
// English mails are as they always were.
describeEngines('the account language and the mails in it', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, lifecycleSeed());
  beforeEach(async () => {
    await resetLimits(app());
  });

  const languageOf = async (email: string) => {
    const [row] = await app().server.database.db.select({ language: users.language }).from(users).where(eq(users.email, email));
    return row?.language;
  };

  /** forgotPassword on a connection opened with these headers (a browser's cookie, Accept-Language); the mail it sends. */
  const resetMail = async (email: string, headers?: Record<string, string>): Promise<ReceivedMail> => {
    const since = mail().messages.length;
    await (await app().connect({}, headers)).call('forgotPassword', { email });
    return mail().waitFor(email, { since });
  };

  /** A sign-in with the password on a connection opened with these headers; the connection that carries the session. */
  const signInWith = async (email: string, password: string, headers?: Record<string, string>) => {
    const client = await app().connect({}, headers);
    const login = await client.call('login', { identifier: email, password, platform: 'web' });
    return continueOn(app(), client, login.token!, headers);
  };

  it('mails English word for word to an account without a language, from a connection that names none', async () => {
    expect(await languageOf(EMAILS.bystander)).toBeNull();
    const message = await resetMail(EMAILS.bystander);
    expect(message.subject).toBe('Reset your password - Suite Portal');
    const url = linkIn(message, '/reset/');
    expect(message.text.trimEnd()).toBe(
      [
        'Hello,',
        '',
        'Someone asked to reset the password of your Suite Portal account. The link expires in 1 hour and works once.',
        '',
        `Reset Password: ${url}`,
        '',
        'If you did not ask for this, you can ignore this message. Your password stays as it is.',
        '',
        '— Suite Portal',
      ].join('\n'),
    );
    expect(message.html).toMatch(/^<!doctype html><html><body /);
    expect(message.html).not.toContain('dir=');
  });

  it('sends the reset mail in Hindi to a user who chose Hindi, subject and body, and its link works', async () => {
    const client = await signInWith(EMAILS.member, PASSWORDS.member);
    expect(await client.call('setLanguage', { language: 'hi' })).toEqual({ success: true });
    expect(await languageOf(EMAILS.member)).toBe('hi');

    // Asked for from a browser that speaks English: the account's language wins.
    const message = await resetMail(EMAILS.member, { 'Accept-Language': 'en-US,en;q=0.9' });
    expect(message.subject).toBe('अपना पासवर्ड रीसेट करें - Suite Portal');
    expect(message.text).toContain('नमस्ते,');
    expect(message.text).toContain('किसी ने आपके Suite Portal खाते का पासवर्ड रीसेट करने का अनुरोध किया है। यह लिंक 1 घंटे में समाप्त हो जाएगा और केवल एक बार काम करेगा।');
    expect(message.text).toContain('आपका पासवर्ड जैसा है वैसा ही रहेगा।');
    expect(message.text).not.toMatch(/Someone asked|Hello/);
    expect(message.html).toMatch(/^<!doctype html><html lang="hi"><body /);
    expect(message.html).toContain('>पासवर्ड रीसेट करें</a>');
    const code = linkIn(message, '/reset/').split('/reset/')[1]!;
    expect(await (await app().connect()).call('getResetCodeInfo', { code })).toEqual({ valid: true, email: EMAILS.member });
  });

  it('takes the language of the connection at sign-in (ubs_lang=ur): the account remembers it, and its mails are Urdu, right to left', async () => {
    expect(await languageOf(EMAILS.noAccess)).toBeNull();
    await signInWith(EMAILS.noAccess, PASSWORDS.noAccess, { Cookie: 'portal_theme=dark; ubs_lang=ur', 'Accept-Language': 'hi-IN,hi;q=0.9' });
    expect(await languageOf(EMAILS.noAccess)).toBe('ur');

    const message = await resetMail(EMAILS.noAccess);
    expect(message.subject).toBe('اپنا پاس ورڈ ری سیٹ کریں - Suite Portal');
    expect(message.html).toMatch(/^<!doctype html><html lang="ur" dir="rtl"><body /);
    // The link stays left to right inside the right-to-left mail.
    const url = linkIn(message, '/reset/');
    expect(message.html).toContain(`<p style="font-size:12px" dir="ltr">${url}</p>`);

    // A later sign-in from a browser that asks for Hindi (no cookie: no choice) leaves the chosen Urdu as it is.
    await signInWith(EMAILS.noAccess, PASSWORDS.noAccess, { 'Accept-Language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(await languageOf(EMAILS.noAccess)).toBe('ur');
  });

  it('keeps a chosen Hindi through a sign-in from an English browser without the cookie; a choice in the cookie replaces it', async () => {
    const client = await signInWith(EMAILS.client, PASSWORDS.client);
    expect(await languageOf(EMAILS.client)).toBeNull();
    await client.call('setLanguage', { language: 'hi' });
    expect(await languageOf(EMAILS.client)).toBe('hi');

    await signInWith(EMAILS.client, PASSWORDS.client, { 'Accept-Language': 'en-US,en;q=0.9' });
    expect(await languageOf(EMAILS.client)).toBe('hi');
    expect((await resetMail(EMAILS.client, { 'Accept-Language': 'en-US,en;q=0.9' })).subject).toBe('अपना पासवर्ड रीसेट करें - Suite Portal');

    // The picker's choice, remembered in the cookie the handshake carries, is a choice: English from now on.
    await signInWith(EMAILS.client, PASSWORDS.client, { Cookie: 'ubs_lang=en', 'Accept-Language': 'hi-IN,hi;q=0.9' });
    expect(await languageOf(EMAILS.client)).toBe('en');
    expect((await resetMail(EMAILS.client)).subject).toBe('Reset your password - Suite Portal');
  });

  it("gives an account without a language the browser's at its first sign-in, and keeps it at the next from another browser", async () => {
    expect(await languageOf(EMAILS.admin)).toBeNull();
    await signInWith(EMAILS.admin, PASSWORDS.admin, { 'Accept-Language': 'mr-IN,mr;q=0.9,en;q=0.5' });
    expect(await languageOf(EMAILS.admin)).toBe('mr');
    await signInWith(EMAILS.admin, PASSWORDS.admin, { 'Accept-Language': 'ta-IN,ta;q=0.9' });
    expect(await languageOf(EMAILS.admin)).toBe('mr');
  });

  it('writes a mail to an account without a language in the language of the request that caused it', async () => {
    expect(await languageOf(EMAILS.lockable)).toBeNull();
    const message = await resetMail(EMAILS.lockable, { 'Accept-Language': 'ta-IN,ta;q=0.9' });
    expect(message.subject).toBe('உங்கள் கடவுச்சொல்லை மீட்டமைக்கவும் - Suite Portal');
    expect(message.html).toMatch(/^<!doctype html><html lang="ta"><body /);
    // Asking for a mail writes nothing on the account: only a sign-in or the picker does.
    expect(await languageOf(EMAILS.lockable)).toBeNull();
  });

  it('refuses a language the portal does not offer, signed in or not, with a clear error, and changes nothing', async () => {
    const anonymous = await app().connect();
    const expected = { code: 400, error: `language: ${UNKNOWN_LANGUAGE}` };
    expect(await anonymous.emit('setLanguage', { language: 'fr' })).toMatchObject(expected);
    expect(await anonymous.emit('setLanguage', { language: 'en-XA' })).toMatchObject(expected);
    expect(await anonymous.emit('setLanguage', { language: 42 })).toMatchObject(expected);
    expect((await anonymous.emit('setLanguage', {})).code).toBe(400);
    expect((await anonymous.emit('setLanguage', { language: 'hi', extra: true })).code).toBe(400);
    const client = await signInWith(EMAILS.bystander, PASSWORDS.bystander);
    expect(await client.emit('setLanguage', { language: 'HI' })).toMatchObject(expected);
    expect(await languageOf(EMAILS.bystander)).toBeNull();
  });

  it('lets a signed-out visitor pick a language for the connection: the sign-in on it writes it on the account', async () => {
    const client = await app().connect({}, { 'Accept-Language': 'en-US' });
    expect(await client.call('setLanguage', { language: 'bn' })).toEqual({ success: true });
    const login = await client.call('login', { identifier: EMAILS.surveyor, password: PASSWORDS.surveyor, platform: 'web' });
    expect(login.token).toEqual(expect.any(String));
    expect(await languageOf(EMAILS.surveyor)).toBe('bn');
  });
});
