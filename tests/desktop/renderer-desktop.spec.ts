import { expect, test, type Page } from '@playwright/test';
import { io } from 'socket.io-client';
import { createCaller } from '../../src/shared/protocol';
import { EVENTS } from '../../src/shared/protocol/contract';
import type { DesktopFlavor } from '../../src/shared/bridge';
import { desktopUserAgent } from '../../src/shared/desktop-user-agent';
import { totp, typeOtp } from '../e2e/helpers';
import { BridgeDouble, recordSocketMessages, type BridgeDoubleOptions } from './bridge-double';

// The desktop renderer build in Chromium, against the real account server, with `window.desktop` played by a
// test double that records every call (see bridge-double.ts). What a user sees, and what main and the server get.
const SERVER = process.env.E2E_SERVER_URL ?? 'http://127.0.0.1:3392';

async function openApp(page: Page, options: Omit<BridgeDoubleOptions, 'serverOrigin'>, path = '/login') {
  const bridge = new BridgeDouble(page, { serverOrigin: SERVER, ...options });
  await bridge.install();
  const sent = recordSocketMessages(page);
  await page.goto(path);
  return { bridge, sent };
}

async function signIn(page: Page, identifier: string, password: string) {
  await page.getByLabel('Email address or user name').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

const payloadsOf = (sent: Array<[string, unknown]>, event: string) => sent.filter(([name]) => name === event).map(([, payload]) => payload);

test('sign-in sends platform desktop and the app version, and keeps the token in the vault, not in a cookie', async ({ page }) => {
  const { bridge, sent } = await openApp(page, { flavor: 'chat', version: '3.1.4' });
  await signIn(page, 'admin@e2e.test', 'Admin@12345');
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();

  expect(payloadsOf(sent, 'login')).toEqual([{ identifier: 'admin@e2e.test', password: 'Admin@12345', platform: 'desktop', appVersion: '3.1.4' }]);
  const [stored] = bridge.inputsOf('vaultSetToken') as { token: string }[];
  expect(stored?.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(await page.evaluate(() => document.cookie)).not.toContain('ubs_token');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

for (const [flavor, label, product, appType] of [
  ['chat', 'Chat', 'chat', 'superChat'],
  ['track', 'Project', 'pms', 'superTrack'],
] as const satisfies ReadonlyArray<readonly [DesktopFlavor, string, string, string]>) {
  test(`the ${flavor} app offers ${label} by default, sends appType ${appType} and launches it through main`, async ({ page }) => {
    const { bridge, sent } = await openApp(page, { flavor });
    await signIn(page, 'admin@e2e.test', 'Admin@12345');
    await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
    await page.getByRole('radio', { name: 'Acme Corporation' }).check();
    await expect(page.getByText(`Select the organization and ${label} product which you wish to access now.`)).toBeVisible();
    // Product tiles are the web portal's only.
    await expect(page.getByRole('radiogroup', { name: 'Product' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => bridge.inputsOf('productsLaunch')).toEqual([{ product, orgId: 'acme' }]);
    expect(payloadsOf(sent, 'loginEmail')).toEqual([{ email: 'admin@e2e.test', orgId: 'acme', appType }]);
    // The product opened beside the portal: the portal stays usable.
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    await expect(page).toHaveURL(/\/workspace$/);
  });
}

test('a token already in the vault signs the user in at start, and logout clears the vault and tells the server', async ({ browser }) => {
  // An earlier session leaves a token in the vault.
  const first = await browser.newPage();
  const earlier = await openApp(first, { flavor: 'chat' });
  await signIn(first, 'member@e2e.test', 'Member@12345');
  await expect(first.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
  const token = earlier.bridge.token;
  expect(token).toBeTruthy();
  await first.close();

  const page = await browser.newPage();
  const { bridge, sent } = await openApp(page, { flavor: 'chat', token }, '/workspace');
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
  await expect(page.getByText('Select the organization and Chat product which you wish to access now.')).toBeVisible();
  expect(bridge.inputsOf('vaultGetToken')).toHaveLength(1);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(bridge.inputsOf('vaultClear').length).toBeGreaterThan(0);
  expect(bridge.token).toBeNull();
  expect(payloadsOf(sent, 'logout')).toHaveLength(1);
  await page.close();
});

test('a session ended from another device: the app\'s next call signs it out and clears the keychain token', async ({ page }) => {
  const { bridge } = await openApp(page, { flavor: 'track', version: '2.0.1' });
  await signIn(page, 'forgetful@e2e.test', 'Forget@12345');
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
  expect(bridge.token).toBeTruthy();

  // Elsewhere, the same user opens the security center's list and signs the desktop session out.
  const signingIn = io(SERVER, { transports: ['websocket'], forceNew: true, reconnection: false });
  const signInCaller = createCaller(signingIn, { contract: EVENTS });
  const { token } = await signInCaller.call('login', { identifier: 'forgetful@e2e.test', password: 'Forget@12345', platform: 'web' });
  signInCaller.dispose();
  signingIn.disconnect();
  // Over a connection opened with that token (the handshake), as every client goes on after a sign-in.
  const socket = io(SERVER, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token, accountType: 'user' } });
  const { call, dispose } = createCaller(socket, { contract: EVENTS });
  try {
    const { list } = await call('getSessionList', {});
    const desktop = list.find((session) => !session.current && session.platform === 'desktop');
    expect(desktop?.device).toContain('Chrome');
    await call('endSession', { sessionId: desktop!.id });
  } finally {
    dispose();
    socket.disconnect();
  }

  // The app's next call is refused: it logs out, and the vault forgets the token.
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(bridge.inputsOf('vaultClear').length).toBeGreaterThan(0);
  expect(bridge.token).toBeNull();
});

test('when the keychain cannot be reached, sign-in still works and the user is told to sign in again next time', async ({ page }) => {
  await openApp(page, { flavor: 'track', persistent: false });
  await signIn(page, 'admin@e2e.test', 'Admin@12345');
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    "Your sign-in could not be saved in this computer's keychain, so you will have to sign in again the next time you open the app.",
  );
});

test('Microsoft sign-in goes through main’s popup: a code is sent with msLogin, a closed popup is a clean cancel', async ({ page }) => {
  const { bridge, sent } = await openApp(page, { flavor: 'chat', popupCode: null });
  await page.getByRole('button', { name: 'Login With Microsoft' }).click();
  await expect(page.getByText('Microsoft sign-in was closed before it finished.')).toBeVisible();
  expect(bridge.inputsOf('authMicrosoftPopup')).toEqual([{ url: expect.stringMatching(/\/auth\/ms\/login\?binding=[A-Za-z0-9_-]{43}$/) }]);
  expect(payloadsOf(sent, 'msLogin')).toEqual([]);

  const withCode = await page.context().newPage();
  const second = await openApp(withCode, { flavor: 'chat', popupCode: 'M.code-123' });
  await withCode.getByRole('button', { name: 'Login With Microsoft' }).click();
  await expect
    .poll(() => payloadsOf(second.sent, 'msLogin'))
    .toEqual([expect.objectContaining({ code: 'M.code-123', state: 'S'.repeat(43), binding: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), platform: 'desktop' })]);
  await withCode.close();
});

test('the update prompt follows main’s updater and restarts into the new version on request', async ({ page }) => {
  const { bridge } = await openApp(page, { flavor: 'chat' });
  await expect(page.getByRole('heading', { name: 'Sign in', exact: false }).first()).toBeVisible();
  const status = page.getByRole('status', { name: 'App update' });
  await bridge.emitUpdate({ status: 'checking' });
  await expect(status).toHaveText('Checking for updates…');
  await bridge.emitUpdate({ status: 'downloading', version: '3.2.0', percent: 45 });
  await expect(status).toHaveText('Downloading version 3.2.0: 45%');
  await expect(page.getByRole('button', { name: 'Restart to update' })).toHaveCount(0);
  await bridge.emitUpdate({ status: 'ready', version: '3.2.0' });
  await expect(status).toContainText('Version 3.2.0 is ready. Restart to use it.');
  await page.getByRole('button', { name: 'Restart to update' }).click();
  await expect.poll(() => bridge.inputsOf('updatesRestart')).toHaveLength(1);
});

test('the desktop app’s menu: its version, no Download App, products through main, Light/Dark in the app settings', async ({ page }) => {
  const { bridge } = await openApp(page, { flavor: 'track', version: '3.1.4' });
  await signIn(page, 'admin@e2e.test', 'Admin@12345');
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
  await page.getByRole('radio', { name: 'Acme Corporation' }).check();
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('menu', { name: 'Menu' });
  await expect(menu.getByRole('menuitem', { name: 'New Release v3.1.4' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Download App' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Payroll (opens in a new tab)' }).click();
  await expect.poll(() => bridge.inputsOf('productsLaunch')).toContainEqual({ product: 'payroll', orgId: 'acme' });

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(bridge.inputsOf('settingsSetTheme')).toEqual([{ theme: 'dark' }]);
  // The choice lives in the app's settings (main applies it to the window), not in the page's storage.
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeChecked();
});

test('"Don\'t ask again on this device" in the app: the device token goes to the keychain, and after a restart the handshake skips the code', async ({ browser }) => {
  const email = 'mfa.app@e2e.test';
  const password = 'Factor@12345';
  // Its company requires the authenticator app: set up with the held login details, as /setup-multi-factor does.
  const socket = io(SERVER, { transports: ['websocket'], forceNew: true, reconnection: false });
  const { call, dispose } = createCaller(socket, { contract: EVENTS });
  const held = { identifier: email, password };
  const secret = await (async () => {
    try {
      const { MFASecretKey } = await call('hrms|master|MFA|generateQRCode', held);
      await call('hrms|master|MFA|verify', { ...held, otp: totp(MFASecretKey), MFASecretKey });
      await call('hrms|master|MFA|setup', { ...held, MFA: { isEmailMFA: false, isAuthenticatorAppMFA: true, MFASecretKey } });
      return MFASecretKey;
    } finally {
      dispose();
      socket.disconnect();
    }
  })();

  // The app's user agent names it (main sets it for every request): only then does /device-trust return the token.
  const asApp = { userAgent: desktopUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Electron/45.4.1 Safari/537.36', 'chat', '3.1.4') };
  const first = await browser.newPage(asApp);
  const { bridge } = await openApp(first, { flavor: 'chat' });
  await signIn(first, email, password);
  await expect(first).toHaveURL(/\/multi-factor-authenticate$/);
  await first.getByRole('checkbox', { name: "Don't ask again on this device for 30 days" }).check();
  // The next 30-second step: the one used to set up is spent.
  await typeOtp(first, totp(secret, 30));
  await first.getByRole('button', { name: 'Submit' }).click();
  await expect(first.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
  const [kept] = bridge.inputsOf('vaultSetDeviceToken') as { token: string }[];
  expect(kept?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Signing out forgets the session, not the trusted device.
  await first.getByRole('button', { name: 'Logout' }).click();
  await expect(first).toHaveURL(/\/login$/);
  expect(bridge.token).toBeNull();
  expect(bridge.deviceToken).toBe(kept!.token);
  await first.close();

  // The app started again, with no cookie of any earlier page: only the keychain's token can skip the code.
  const page = await browser.newPage(asApp);
  const restarted = await openApp(page, { flavor: 'chat', deviceToken: kept!.token });
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
  expect(restarted.bridge.inputsOf('vaultGetDeviceToken')).toHaveLength(1);
  await page.close();

  // Without it, the code is asked again.
  const stranger = await browser.newPage(asApp);
  await openApp(stranger, { flavor: 'chat' });
  await signIn(stranger, email, password);
  await expect(stranger).toHaveURL(/\/multi-factor-authenticate$/);
  await stranger.close();
});

test('Sign in with a passkey in the app goes through main\'s system browser, and says so when the browser page did not finish', async ({ page }) => {
  const { bridge, sent } = await openApp(page, { flavor: 'track', passkeyAnswer: { code: null, codeVerifier: null, error: 'access_denied' } });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('The passkey sign-in in your browser did not finish. Try again.')).toBeVisible();
  expect(bridge.inputsOf('authPasskeyBrowser')).toEqual([undefined]);
  // The embedded view runs no ceremony of its own: no options asked, no autofill request.
  expect(payloadsOf(sent, 'getPasskeySignInOptions')).toEqual([]);
  expect(payloadsOf(sent, 'passkeyDesktopLogin')).toEqual([]);
});

test('a passkey code that cannot be redeemed is refused with one sentence, and the app stays on the sign-in screen', async ({ page }) => {
  const { sent } = await openApp(page, { flavor: 'chat', version: '3.1.4', passkeyAnswer: { code: 'eyJh.eyJz.c2ln', codeVerifier: 'v'.repeat(43), error: null } });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('This passkey sign-in has expired or was already used. Please sign in again.')).toBeVisible();
  expect(payloadsOf(sent, 'passkeyDesktopLogin')).toEqual([{ code: 'eyJh.eyJz.c2ln', codeVerifier: 'v'.repeat(43), platform: 'desktop', appVersion: '3.1.4' }]);
  await expect(page).toHaveURL(/\/login$/);
});
