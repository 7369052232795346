import AxeBuilder from '@axe-core/playwright';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { io } from 'socket.io-client';
import { passkeyInSystemBrowser } from '../../src/main/passkey-loopback';
import { desktopUserAgent } from '../../src/shared/desktop-user-agent';
import { createCaller } from '../../src/shared/protocol';
import { EVENTS } from '../../src/shared/protocol/contract';
import english from '../../src/shared/i18n/locales/en.json' with { type: 'json' };
import { typeOtp } from './helpers';
import type { ReceivedMail } from '../mail/smtp-receiver';
import { codeIn, mailCount, waitForMail, withCode } from './mail';

// Passkeys (issue 23 §2) with Chromium's virtual authenticator (Chrome DevTools Protocol, WebAuthn domain).
// A passkey belongs to a host name: WebAuthn refuses an IP address as relying party, and the suite's server is opened
// on 127.0.0.1. So this spec runs its own account server (E2E_PORT + 9) with PUBLIC_URL on http://localhost, serving
// the same build, with a seed of its own (a company that requires a second factor by mailed code) and the run's mail.

const ROOT = resolve(import.meta.dirname, '../..');
const e2ePort = Number(process.env.E2E_PORT ?? 3390);
const port = e2ePort + 9;
const origin = `http://localhost:${port}`;
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? e2ePort + 1000);
const work = mkdtempSync(join(tmpdir(), 'suite-portal-passkeys-'));
let server: ChildProcess | null = null;

const USER = 'passkey.user@e2e.test';
const PASSWORD = 'Passkey@12345';
const SEED = {
  organizations: [{ orgId: 'keyco', company: 'Passkey Co', plan: { hrms: true, chat: true }, mfa: { email: true, authenticatorApp: false } }],
  users: [{ email: USER, password: PASSWORD, firstName: 'Pat', lastName: 'Passkey', memberships: [{ orgId: 'keyco', role: 'member', productAccess: ['hrms', 'chat'] }] }],
};

test.describe.configure({ mode: 'serial', timeout: 60_000 });
test.use({ baseURL: origin });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const taken = await fetch(`${origin}/portal-config.json`).then(() => true, () => false);
  if (taken) throw new Error(`Port ${port} is in use; the passkeys spec runs its own server there (E2E_PORT + 9).`);
  const seedFile = join(work, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(SEED));
  // tsx's own binary in a process group of its own, so afterAll ends the server and nothing else.
  server = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: join(work, 'data'), SEED_FILE: seedFile, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MS_CLIENT_ID: '' },
  });
  await expect.poll(async () => (await fetch(`${origin}/portal-config.json`).catch(() => null))?.status ?? 0, { timeout: 120_000, intervals: [500] }).toBe(200);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

/** A platform authenticator with user verification (a laptop's fingerprint reader), through the WebAuthn domain of CDP. */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** axe (WCAG 2.x A and AA rules and best practices) finds nothing on the page as it is now. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => `${state}: ${id} (${nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

const rowsOf = (page: Page) => page.getByRole('table', { name: 'Your passkeys' }).getByRole('row').filter({ hasNot: page.getByRole('columnheader') });

/** Password, then the mailed code the company requires (set up at the first sign-in). */
async function signInWithPasswordAndCode(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address or user name').fill(USER);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const since = await mailCount();
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/(setup-multi-factor|multi-factor-authenticate)$/);
  if (page.url().endsWith('/setup-multi-factor')) await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
  await typeOtp(page, codeIn(await waitForMail(USER, since, withCode)));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
}

test('/account/passkeys: add a named passkey, see it listed, remove it behind the confirm dialog; both themes, a phone, axe', async ({ page }) => {
  const { cdp, authenticatorId } = await addAuthenticator(page);
  await signInWithPasswordAndCode(page);
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('link', { name: 'Passkeys' }).click();
  await expect(page).toHaveURL(/\/account\/passkeys$/);
  await expect(page).toHaveTitle('Passkeys · Security · Suite Portal');
  await expect(page.getByRole('heading', { name: 'Passkeys', level: 1 })).toBeFocused();
  await expect(page.getByText('No passkeys yet. Add one to sign in without your password.')).toBeVisible();

  // A name is required.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Name your passkey.')).toBeVisible();
  const since = await mailCount();
  await page.getByLabel('Passkey name').fill('This laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey “This laptop” added.' })).toBeVisible();
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page).first()).toContainText('This laptop');
  await expect(rowsOf(page).first()).toContainText('Never');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials.map((credential) => credential.isResidentCredential)).toEqual([true]);
  expect((await waitForMail(USER, since, (mail) => mail.subject.includes('added'))).text).toContain('"This laptop"');

  // The same authenticator again: it already holds one for this account (excludeCredentials).
  await page.getByLabel('Passkey name').fill('Twice');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This device already holds a passkey for your account.' })).toBeVisible();
  await expect(rowsOf(page)).toHaveCount(1);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page, `passkeys, ${scheme}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Remove passkey This laptop' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'passkeys, phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Remove passkey This laptop' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
  await expect(dialog).toContainText('“This laptop” will no longer sign in to your account.');
  await expectAccessible(page, 'passkeys, confirm dialog');
  const beforeRemoval = await mailCount();
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey “This laptop” removed.' })).toBeVisible();
  await expect(page.getByText('No passkeys yet. Add one to sign in without your password.')).toBeVisible();
  expect((await waitForMail(USER, beforeRemoval, (mail) => mail.subject.includes('removed'))).text).toContain('"This laptop"');
});

/** The mail that arrived since `since`, after a moment for any to arrive. */
async function waitForMailOrNone(since: number) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const response = await fetch(`http://127.0.0.1:${process.env.E2E_MAIL_PORT}/messages`);
  return ((await response.json()) as ReceivedMail[]).slice(since).filter((mail) => mail.to.includes(USER));
}

/** Signs out from wherever the header's Logout is, and waits for /login. */
async function logout(page: Page): Promise<void> {
  await Promise.all([page.waitForURL(/\/login$/, { waitUntil: 'load' }), page.getByRole('button', { name: 'Logout' }).click()]);
}

test('sign in with a passkey and no password, for a company that requires a second factor; removed, it signs in no more', async ({ page }) => {
  const { cdp, authenticatorId } = await addAuthenticator(page);
  await signInWithPasswordAndCode(page);
  await page.goto('/account/passkeys');
  await page.getByLabel('Passkey name').fill('Fingerprint');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(rowsOf(page)).toHaveCount(1);

  // Autofill: the sign-in field asks for saved passkeys as /login opens (conditional mediation). Chromium's virtual
  // authenticator answers such a request at once (it has no suggestion list to pick from), so signing out lands on
  // /login and goes on, with no password typed, to the workspace. User verification counts as both factors: the
  // company's mailed code is not asked for.
  const since = await mailCount();
  await logout(page);
  await expect(page.getByLabel('Email address or user name')).toHaveAttribute('autocomplete', 'username webauthn');
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
  await page.goto('/account/passkeys');
  await expect(rowsOf(page).first()).not.toContainText('Never');
  await page.goto('/account/history');
  await expect(page.getByText('a passkey with user verification').first()).toBeVisible();
  expect((await waitForMailOrNone(since)).filter((mail) => withCode(mail))).toEqual([]);

  // The button, in a browser without passkey autofill: the browser's own dialog.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  await logout(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();

  // Removed in the security center: the authenticator still holds it, the portal refuses it.
  await page.goto('/account/passkeys');
  await page.getByRole('button', { name: 'Remove passkey Fingerprint' }).click();
  await page.getByRole('alertdialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('No passkeys yet. Add one to sign in without your password.')).toBeVisible();
  await logout(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This passkey could not sign you in. Try again, or sign in with your password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  await expectAccessible(page, 'sign-in, passkey refused');
});

test('a passkey as the second factor, beside the mailed code', async ({ page }) => {
  await addAuthenticator(page);
  // A browser without passkey autofill, so that /login waits for the password.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  await signInWithPasswordAndCode(page);
  await page.goto('/account/passkeys');
  await page.getByLabel('Passkey name').fill('Second factor key');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(rowsOf(page)).toHaveCount(1);
  await logout(page);

  await page.getByLabel('Email address or user name').fill(USER);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
  const usePasskey = page.getByRole('button', { name: 'Use a passkey instead' });
  await expect(usePasskey).toBeVisible();
  await expectAccessible(page, 'multi-factor with a passkey');
  await usePasskey.click();
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
  await page.goto('/account/history');
  await expect(page.getByText('password and a passkey').first()).toBeVisible();
});

test('a desktop app signs in with a passkey through the system browser (RFC 8252 loopback with PKCE), and only the app is signed in', async ({ page }) => {
  const { cdp, authenticatorId } = await addAuthenticator(page);
  await signInWithPasswordAndCode(page);
  await page.goto('/account/passkeys');
  await page.getByLabel('Passkey name').fill('Desktop key');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  // (The tests before may have left a passkey of another authenticator on the account.)
  await expect(page.getByRole('status').filter({ hasText: 'Passkey “Desktop key” added.' })).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  // A browser without passkey autofill, so that /login waits after the logout below.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  await logout(page);

  // Main's own module, as the app runs it (src/main/passkey-loopback.ts); the system browser is this Chromium page.
  // The app's English, as main's catalog has it (its compiled form is a Vite module; the spec runs under plain Node).
  const texts = {
    language: 'en',
    direction: 'ltr',
    t: (id: keyof typeof english, values: Record<string, unknown> = {}) => english[id].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name])),
  } as const;
  const answer = passkeyInSystemBrowser({ serverOrigin: origin, openExternal: async (url) => void (await page.goto(url)), appName: 'Suite Chat', texts });
  await expect(page.getByRole('heading', { name: 'Sign in to the desktop app' })).toBeVisible();
  await expect(page).toHaveTitle('Passkey Sign In · Suite Portal');
  await expectAccessible(page, 'desktop passkey page');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  // The browser went back to the app's loopback listener, which says where to go on.
  await expect(page.getByRole('heading', { name: 'Your passkey was accepted. Go back to Suite Chat; you can close this tab.' })).toBeVisible();
  expect(new URL(page.url()).origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const { code, codeVerifier } = await answer;
  expect(code).toEqual(expect.any(String));

  // The app redeems the code with its verifier on its own connection: user verification is both factors, so the
  // company's mailed code is not asked for.
  const userAgent = desktopUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Electron/45.4.1 Safari/537.36', 'chat', '2.0.1');
  const socket = io(origin, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { 'user-agent': userAgent } });
  try {
    const { call } = createCaller(socket, { contract: EVENTS });
    const reply = await call('passkeyDesktopLogin', { code: code!, codeVerifier: codeVerifier!, platform: 'desktop', appVersion: '2.0.1' });
    expect(reply.token).toEqual(expect.any(String));
    // Spent.
    await expect(call('passkeyDesktopLogin', { code: code!, codeVerifier: codeVerifier!, platform: 'desktop' })).rejects.toThrow('This passkey sign-in has expired or was already used. Please sign in again.');
    // The app goes on over a connection opened with its token (the handshake), as the renderer does.
    const signedIn = io(origin, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { 'user-agent': userAgent }, auth: { token: reply.token, accountType: 'user' } });
    try {
      const app = createCaller(signedIn, { contract: EVENTS });
      expect((await app.call('getWorkspaceList', {})).list.map((organization) => organization.orgId)).toEqual(['keyco']);
    } finally {
      signedIn.disconnect();
    }
  } finally {
    socket.disconnect();
  }
  // The browser itself was not signed in by it.
  await page.goto('/workspace');
  await expect(page).toHaveURL(/\/login$/);
});
