import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { microsoftLinks, sessions } from '../../src/server/db/schema';
import hi from '../../src/shared/i18n/locales/hi.json';
import ur from '../../src/shared/i18n/locales/ur.json';
import { MICROSOFT_MESSAGES } from '../../src/server/microsoft/microsoft-sign-in';
import { codeIn, startSmtpReceiver, withCode, type SmtpReceiver } from '../mail/smtp-receiver';
import { startEntraStandIn, type DirectoryUser, type EntraStandIn } from '../oidc/entra-stand-in';
import { walkToCallback } from '../oidc/provider-walk';
import { makeTestCertificates, TEST_CA_DIR } from '../oidc/test-ca';
import { cloneSeed, EMAILS } from './fixtures/seed';
import { continueOn, describeEngines, signIn, startTestServer, type TestServer } from './harness';

/** The stand-in's directory: people whose addresses match seeded accounts, one the portal has never heard of, one unverified. */
const PEOPLE = {
  member: { id: 'entra-member-oid', email: EMAILS.member, emailVerified: true, name: 'Max Member', tenantId: 'tenant-a' },
  pending: { id: 'entra-pending-oid', email: EMAILS.pending, emailVerified: true, name: 'Pat Pending', tenantId: 'tenant-a' },
  newHire: { id: 'entra-newhire-oid', email: EMAILS.newHire, emailVerified: true, name: 'Noah Newhire', tenantId: 'tenant-a' },
  stranger: { id: 'entra-stranger-oid', email: 'stranger@elsewhere.test', emailVerified: true, name: 'Sam Stranger', tenantId: 'tenant-b' },
  unvouched: { id: 'entra-unvouched-oid', email: EMAILS.admin, emailVerified: false, name: 'Not Ada', tenantId: 'tenant-b' },
  secured: { id: 'entra-secured-oid', email: 'secured@secure.test', emailVerified: true, name: 'Sid Secured', tenantId: 'tenant-a' },
  guarded: { id: 'entra-guarded-oid', email: 'guarded@secure.test', emailVerified: true, name: 'Gus Guarded', tenantId: 'tenant-a' },
  careful: { id: 'entra-careful-oid', email: 'careful@alpha.test', emailVerified: true, name: 'Cal Careful', tenantId: 'tenant-a' },
  /** Someone else signed up with this person's address (never verified) before they first came by Microsoft. */
  preclaimed: { id: 'entra-preclaimed-oid', email: 'preclaimed@alpha.test', emailVerified: true, name: 'Pia Preclaimed', tenantId: 'tenant-a' },
} satisfies Record<string, DirectoryUser>;

const PRECLAIMER_PASSWORD = 'Squatter#Pass123';

function seed() {
  const value = cloneSeed();
  value.organizations.push({ orgId: 'secure-co', company: 'Secure Co', plan: { hrms: true }, mfa: { email: true, authenticatorApp: false } });
  value.users.push({ email: PEOPLE.secured.email, password: 'Secured#Pass123', firstName: 'Sid', lastName: 'Secured', memberships: [{ orgId: 'secure-co', role: 'member', productAccess: ['hrms'] }] });
  value.users.push({ email: PEOPLE.guarded.email, password: 'Guarded#Pass123', firstName: 'Gus', lastName: 'Guarded', memberships: [{ orgId: 'secure-co', role: 'member', productAccess: ['hrms'] }] });
  // In alpha, which asks for no second factor: this user turns one on for themselves.
  value.users.push({ email: PEOPLE.careful.email, password: 'Careful#Pass123', firstName: 'Cal', lastName: 'Careful', memberships: [{ orgId: 'alpha', role: 'member', productAccess: ['hrms'] }] });
  value.users.push({ email: PEOPLE.preclaimed.email, password: PRECLAIMER_PASSWORD, firstName: 'Pia', lastName: 'Preclaimed', verified: false, memberships: [{ orgId: 'alpha', role: 'member', productAccess: ['hrms'] }] });
  return value;
}

const binding = () => randomBytes(32).toString('base64url');

/** The popup's walk: /auth/ms/login (which must redirect to the provider), the provider's page, back to the callback. */
async function signInAtProvider(portal: string, options: { binding: string; email: string; mfa?: boolean; cancel?: boolean }): Promise<URLSearchParams> {
  const start = await fetch(`${portal}/auth/ms/login?binding=${options.binding}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  return walkToCallback(start.headers.get('location')!, options);
}

const certificates = makeTestCertificates(TEST_CA_DIR);
/** The port of a desktop app's loopback listener (RFC 8252), registered at the stand-in like Entra's http://127.0.0.1. */
const LOOPBACK_PORT = 45678;

describeEngines('Microsoft sign-in against an OpenID provider standing in for Entra', (engine) => {
  let provider: EntraStandIn;
  let app: TestServer;
  let portalUrl: string;
  let mail: SmtpReceiver;

  beforeAll(async () => {
    mail = await startSmtpReceiver();
    // The portal's address must be in the provider's redirect URIs before either starts: a port chosen up front.
    // Below the kernel's ephemeral range (32768 and up), where a connection of another suite may hold any port.
    const port = 20000 + Math.floor(Math.random() * 12000);
    portalUrl = `http://127.0.0.1:${port}`;
    provider = await startEntraStandIn({ certificates, redirectUris: [`${portalUrl}/auth/ms/callback`, `http://127.0.0.1:${LOOPBACK_PORT}/auth/ms/callback`], users: Object.values(PEOPLE) });
    app = await startTestServer({
      engine,
      seed: seed(),
      env: { SMTP_URL: mail.url, PORT: String(port), PUBLIC_URL: portalUrl, MS_CLIENT_ID: provider.clientId, MS_CLIENT_SECRET: provider.clientSecret, MS_AUTHORITY: provider.issuer },
    });
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
    await mail?.close();
  });

  const finish = async (options: { email: string; mfa?: boolean }) => {
    const bound = binding();
    const answer = await signInAtProvider(portalUrl, { binding: bound, ...options });
    const client = await app.connect();
    const payload = { code: answer.get('code')!, state: answer.get('state')!, iss: answer.get('iss') ?? undefined, binding: bound, platform: 'web' as const };
    return { client, payload, reply: await client.emit('msLogin', payload) };
  };

  /** The setup screen's path with a ticket: work email turned on, then the code asked for (which mails it). */
  const setUpWorkEmail = async (client: Awaited<ReturnType<TestServer['connect']>>, ticket: string) => {
    expect(await client.emit('hrms|master|MFA|setup', { ticket, MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } })).toMatchObject({ code: 200, data: { success: true } });
    const asked = await client.emit('continueSignIn', { ticket });
    expect(asked).toMatchObject({ code: 200, data: { isCompanyMFA: true, isUserMFASetup: true, MFAType: 1, ticket: expect.any(String) } });
    expect(asked.data).not.toHaveProperty('token');
    return asked;
  };

  it('says in /portal-config.json that Microsoft sign-in is offered', async () => {
    const config = (await (await fetch(`${portalUrl}/portal-config.json`)).json()) as { microsoftSignIn: boolean };
    expect(config.microsoftSignIn).toBe(true);
  });

  it('signs in the account whose email the provider vouches for, links it, and opens a session', async () => {
    const { client, reply } = await finish({ email: PEOPLE.member.email });
    expect(reply.code).toBe(200);
    expect(reply.data).toMatchObject({ email: EMAILS.member, token: expect.any(String) });
    // The token opens the client's next connection, as that account's.
    const token = String(reply.data!.token);
    const signedIn = await continueOn(app, client, token);
    await expect(signedIn.call('authenticate', { token })).resolves.toMatchObject({ email: EMAILS.member });
    const links = await app.server.database.db.select().from(microsoftLinks).where(eq(microsoftLinks.userId, await app.userId(EMAILS.member)));
    expect(links).toEqual([expect.objectContaining({ issuer: provider.issuer, subject: PEOPLE.member.id, email: EMAILS.member })]);
    const history = await signedIn.call('getSignInHistory', {});
    expect(history.list[0]).toMatchObject({ kind: 'sign-in', detail: 'Microsoft' });
  });

  it('refuses a person no account uses, and creates nothing', async () => {
    const { reply } = await finish({ email: PEOPLE.stranger.email });
    expect(reply).toMatchObject({ code: 403, error: 'No account uses this Microsoft sign-in.' });
    const links = await app.server.database.db.select().from(microsoftLinks).where(eq(microsoftLinks.subject, PEOPLE.stranger.id));
    expect(links).toEqual([]);
  });

  it('does not match an account by an email the provider does not vouch for', async () => {
    const { reply } = await finish({ email: PEOPLE.unvouched.email });
    expect(reply).toMatchObject({ code: 403, error: MICROSOFT_MESSAGES.noAccount });
  });

  it('refuses a state it never issued, and the binding of another window, without spending the sign-in', async () => {
    const bound = binding();
    const answer = await signInAtProvider(portalUrl, { binding: bound, email: PEOPLE.member.email });
    const client = await app.connect();
    const payload = { code: answer.get('code')!, state: answer.get('state')!, iss: answer.get('iss') ?? undefined, binding: bound };
    expect(await client.emit('msLogin', { ...payload, state: randomBytes(32).toString('base64url') })).toMatchObject({ code: 403, error: MICROSOFT_MESSAGES.expired });
    expect(await client.emit('msLogin', { ...payload, binding: binding() })).toMatchObject({ code: 403, error: MICROSOFT_MESSAGES.expired });
    // The window that started it still finishes it.
    expect(await client.emit('msLogin', payload)).toMatchObject({ code: 200, data: { email: EMAILS.member } });
  });

  it("finishes a desktop app's system-browser sign-in, whose provider returned to the app's loopback listener", async () => {
    const bound = binding();
    const start = await fetch(`${portalUrl}/auth/ms/login?binding=${bound}&loopback=${LOOPBACK_PORT}`, { redirect: 'manual' });
    expect(new URL(start.headers.get('location')!).searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${LOOPBACK_PORT}/auth/ms/callback`);
    const answer = await walkToCallback(start.headers.get('location')!, { email: PEOPLE.member.email });
    const client = await app.connect();
    const reply = await client.emit('msLogin', { code: answer.get('code')!, state: answer.get('state')!, iss: answer.get('iss') ?? undefined, binding: bound, platform: 'desktop' });
    expect(reply).toMatchObject({ code: 200, data: { email: EMAILS.member } });
    expect((await fetch(`${portalUrl}/auth/ms/login?binding=${bound}&loopback=80`, { redirect: 'manual' })).status).toBe(400);
  });

  it('refuses a code the provider did not issue for that sign-in', async () => {
    const bound = binding();
    const answer = await signInAtProvider(portalUrl, { binding: bound, email: PEOPLE.member.email });
    const client = await app.connect();
    const reply = await client.emit('msLogin', { code: `${answer.get('code')!}x`, state: answer.get('state')!, iss: answer.get('iss') ?? undefined, binding: bound });
    expect(reply).toMatchObject({ code: 403, error: MICROSOFT_MESSAGES.refused });
    expect(reply.data).toBeNull();
  });

  it('gives the outcomes of a password sign-in: verification for an unverified account, a forced password change', async () => {
    expect((await finish({ email: PEOPLE.pending.email })).reply).toMatchObject({ code: 200, data: { activateAccount: true, email: EMAILS.pending } });
    expect((await finish({ email: PEOPLE.pending.email })).reply.data).not.toHaveProperty('token');
    expect((await finish({ email: PEOPLE.newHire.email })).reply).toMatchObject({ code: 200, data: { aftrp: true, token: expect.any(String) } });
  });

  it("applies the company's second-factor policy: Microsoft's own second factor passes it; without one, the portal's own follows with a ticket", async () => {
    const first = await finish({ email: PEOPLE.secured.email });
    // Not set up yet: the setup screen's reply, whose ticket the setup events take in place of a password.
    expect(first.reply).toMatchObject({ code: 200, data: { isCompanyMFA: true, isUserMFASetup: false, isEmailMFA: true, ticket: expect.any(String) } });
    expect(first.reply.data).not.toHaveProperty('token');
    const since = mail.messages.length;
    const asked = await setUpWorkEmail(first.client, String(first.reply.data!.ticket));
    const ticket = String(asked.data!.ticket);
    const code = codeIn(await mail.waitFor(PEOPLE.secured.email, { since, match: withCode }));
    // The ticket alone opens nothing; a wrong code is refused and recorded; the mailed code opens the session.
    expect(await first.client.emit('continueSignIn', { ticket, otp: code === '000000' ? '111111' : '000000' })).toMatchObject({ code: 403, error: 'Invalid OTP' });
    expect(await first.client.emit('continueSignIn', { ticket: `${ticket}x`, otp: code })).toMatchObject({ code: 401 });
    const passed = await first.client.emit('continueSignIn', { ticket, otp: code, platform: 'web' });
    expect(passed).toMatchObject({ code: 200, data: { email: PEOPLE.secured.email, token: expect.any(String) } });
    // The same code again opens nothing: it was single use.
    expect((await first.client.emit('continueSignIn', { ticket, otp: code })).code).toBe(403);
    const { client, reply } = await finish({ email: PEOPLE.secured.email, mfa: true });
    expect(reply).toMatchObject({ code: 200, data: { email: PEOPLE.secured.email, token: expect.any(String) } });
    const history = await (await continueOn(app, client, String(reply.data!.token))).call('getSignInHistory', {});
    expect(history.list.map((entry) => [entry.kind, entry.detail]).slice(0, 4)).toEqual([
      ['sign-in', 'Microsoft with its second factor'],
      ['sign-in-failed', 'wrong work email code'],
      ['sign-in', 'Microsoft and work email code'],
      ['sign-in-failed', 'wrong work email code'],
    ]);
  });

  it("does not let a password someone signed up with under another's address survive its owner's verification", async () => {
    const since = mail.messages.length;
    const { reply } = await finish({ email: PEOPLE.preclaimed.email });
    expect(reply).toMatchObject({ code: 200, data: { activateAccount: true, email: PEOPLE.preclaimed.email } });
    const code = codeIn(await mail.waitFor(PEOPLE.preclaimed.email, { since, match: withCode }));
    const client = await app.connect();
    // The owner, who came by Microsoft, is asked to choose a password: the one the account was signed up with is not theirs.
    expect(await client.emit('activateAccount', { otp: code, email: PEOPLE.preclaimed.email })).toMatchObject({ code: 400, error: 'Choose a password to finish verifying your account.', data: { fields: ['password'] } });
    const verified = await client.call('activateAccount', { otp: code, email: PEOPLE.preclaimed.email, password: 'Owner#Pass1234', cpassword: 'Owner#Pass1234' });
    expect(verified.token).toEqual(expect.any(String));
    expect((await client.emit('login', { identifier: PEOPLE.preclaimed.email, password: PRECLAIMER_PASSWORD, platform: 'web' })).code).toBe(403);
    expect((await client.emit('login', { identifier: PEOPLE.preclaimed.email, password: 'Owner#Pass1234', platform: 'web' })).data).toMatchObject({ token: expect.any(String) });
  });

  it('asks the same of a user who turned a second factor on for themselves', async () => {
    const session = await app.connect({ token: await signIn(app, PEOPLE.careful.email, 'Careful#Pass123') });
    await session.call('hrms|master|MFA|setup', { MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } });
    const since = mail.messages.length;
    const asked = await finish({ email: PEOPLE.careful.email });
    expect(asked.reply).toMatchObject({ code: 200, data: { isCompanyMFA: true, isUserMFASetup: true, ticket: expect.any(String) } });
    const code = codeIn(await mail.waitFor(PEOPLE.careful.email, { since, match: withCode }));
    expect(await asked.client.emit('continueSignIn', { ticket: String(asked.reply.data!.ticket), otp: code })).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    expect((await finish({ email: PEOPLE.careful.email, mfa: true })).reply).toMatchObject({ code: 200, data: { email: PEOPLE.careful.email, token: expect.any(String) } });

    // A ticket whose second factor is no longer asked for (turned off meanwhile) opens nothing, whatever code comes with it.
    const later = await finish({ email: PEOPLE.careful.email });
    await session.call('hrms|master|MFA|setup', { MFA: { isEmailMFA: false, isAuthenticatorAppMFA: false } });
    expect(await later.client.emit('continueSignIn', { ticket: String(later.reply.data!.ticket), otp: '123456' })).toMatchObject({ code: 401, data: null });
  });

  it('opens one session when one ticket and its code arrive a hundred times at once', async () => {
    const first = await finish({ email: PEOPLE.guarded.email });
    const since = mail.messages.length;
    const ticket = String((await setUpWorkEmail(first.client, String(first.reply.data!.ticket))).data!.ticket);
    const code = codeIn(await mail.waitFor(PEOPLE.guarded.email, { since, match: withCode }));
    const clients = await Promise.all(Array.from({ length: 10 }, () => app.connect()));
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => clients[i % 10]!.emit('continueSignIn', { ticket, otp: code })));
    const opened = replies.filter((reply) => reply.code === 200);
    expect(opened).toHaveLength(1);
    // Every other one was refused by the code's single use (403 Invalid OTP), or by the account's secondFactor budget (429).
    expect(replies.filter((reply) => reply.code !== 200).every((reply) => reply.code === 403 || reply.code === 429)).toBe(true);
    expect(replies.some((reply) => reply.code === 403 && reply.error === 'Invalid OTP')).toBe(true);
  });

  it('refuses malformed msLogin payloads with 400 and the fields at fault', async () => {
    const client = await app.connect();
    const valid = { code: 'c', state: binding(), binding: binding() };
    const cases: [unknown, string[]][] = [
      [{ ...valid, state: 'short' }, ['state']],
      [{ ...valid, binding: 'has spaces in it and is long enough to pass the length' }, ['binding']],
      [{ ...valid, code: 'x'.repeat(5000) }, ['code']],
      [{ ...valid, code: 'c\u0000' }, ['code']],
      [{ ...valid, platform: 'toaster' }, ['platform']],
      ['not an object', []],
    ];
    for (const [payload, fields] of cases) {
      const reply = await client.emit('msLogin', payload);
      expect(reply.code, JSON.stringify(payload)).toBe(400);
      if (fields.length) expect(reply.data?.fields).toEqual(fields);
    }
  });

  it('answers a start without the opener\'s binding with a page of its own, not a redirect', async () => {
    const response = await fetch(`${portalUrl}/auth/ms/login`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in window was not opened by the portal.');
  });

  it('comes back with error=access_denied when the person cancels at the provider', async () => {
    const answer = await signInAtProvider(portalUrl, { binding: binding(), email: PEOPLE.member.email, cancel: true });
    expect(answer.get('error')).toBe('access_denied');
    expect(answer.get('code')).toBeNull();
  });

  it('accepts a code once: a replay is refused, and a hundred at once open exactly one session (last: it spends the address budget)', async () => {
    const { payload, reply } = await finish({ email: PEOPLE.member.email });
    expect(reply.code).toBe(200);
    const client = await app.connect();
    expect(await client.emit('msLogin', payload)).toMatchObject({ code: 403, error: MICROSOFT_MESSAGES.expired });

    const bound = binding();
    const answer = await signInAtProvider(portalUrl, { binding: bound, email: PEOPLE.member.email });
    const burst = { code: answer.get('code')!, state: answer.get('state')!, iss: answer.get('iss') ?? undefined, binding: bound };
    const userId = await app.userId(EMAILS.member);
    const before = (await app.server.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
    const clients = await Promise.all(Array.from({ length: 4 }, () => app.connect()));
    const replies = await Promise.all(Array.from({ length: 100 }, (_, index) => clients[index % clients.length]!.emit('msLogin', burst)));
    expect(replies.filter((one) => one.code === 200)).toHaveLength(1);
    expect(replies.filter((one) => one.code !== 200).every((one) => one.code === 403 || one.code === 429)).toBe(true);
    const after = (await app.server.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
    expect(after - before).toBe(1);
  });
});

describeEngines('Microsoft sign-in with a provider the portal cannot trust or reach', (engine) => {
  let untrusted: EntraStandIn;
  let dir: string;
  let app: TestServer;

  beforeAll(async () => {
    // A CA made here and trusted by nobody: the portal must refuse it, as it would a forged Microsoft.
    dir = mkdtempSync(join(tmpdir(), 'suite-portal-untrusted-ca-'));
    untrusted = await startEntraStandIn({ certificates: makeTestCertificates(join(dir, 'ca'), { reuse: false }), redirectUris: ['http://127.0.0.1/auth/ms/callback'], users: [] });
    app = await startTestServer({ engine, seed: seed(), env: { MS_CLIENT_ID: untrusted.clientId, MS_CLIENT_SECRET: untrusted.clientSecret, MS_AUTHORITY: untrusted.issuer } });
  });
  afterAll(async () => {
    await app?.close();
    await untrusted?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('does not start a sign-in with a provider whose certificate it does not trust, and says so', async () => {
    const response = await fetch(`${app.url}/auth/ms/login?binding=${binding()}`, { redirect: 'manual' });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('Microsoft sign-in is not available right now.');
    expect(app.logs.some((line) => line.includes('microsoft.discovery-failed'))).toBe(true);
  });
});

describeEngines('Microsoft sign-in not configured', (engine) => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ engine, seed: seed() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('hides the button (portal config) and answers /auth/ms/login with a "not configured" page', async () => {
    const config = (await (await fetch(`${app.url}/portal-config.json`)).json()) as { microsoftSignIn: boolean };
    expect(config.microsoftSignIn).toBe(false);
    const response = await fetch(`${app.url}/auth/ms/login?binding=${binding()}`, { redirect: 'manual' });
    expect(response.status).toBe(404);
    const page = await response.text();
    expect(page).toContain('<title>Microsoft sign-in</title>');
    expect(page).toContain('Microsoft sign-in is not configured on this portal.');
  });

  it('says so in the visitor\'s language: the ubs_lang cookie, else Accept-Language (Urdu right to left)', async () => {
    const hindi = await (await fetch(`${app.url}/auth/ms/login?binding=${binding()}`, { headers: { cookie: 'ubs_lang=hi', 'accept-language': 'ur' } })).text();
    expect(hindi).toContain('<html lang="hi" dir="ltr">');
    expect(hindi).toContain(`<h1>${hi['message.microsoftNotConfigured']}</h1>`);
    expect(hindi).toContain(`<p>${hi['page.closeWindow']}</p>`);
    const urdu = await fetch(`${app.url}/auth/ms/login?binding=${binding()}`, { headers: { 'accept-language': 'ur-PK,ur;q=0.9,en;q=0.5' } });
    expect(urdu.headers.get('vary')).toMatch(/Accept-Language/);
    const page = await urdu.text();
    expect(page).toContain('<html lang="ur" dir="rtl">');
    expect(page).toContain(`<h1>${ur['message.microsoftNotConfigured']}</h1>`);
    expect(page).not.toMatch(/<(h1|p|title)>[^<]*\b(sign|window|portal|password)\b/i);
  });
});
