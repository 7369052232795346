import { expect, test, type Page } from '@playwright/test';
import { io } from 'socket.io-client';
import { createCaller } from '../../src/shared/protocol';
import { EVENTS } from '../../src/shared/protocol/contract';
import type { DesktopFlavor } from '../../src/shared/bridge';
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
  const socket = io(SERVER, { transports: ['websocket'], forceNew: true, reconnection: false });
  const { call, dispose } = createCaller(socket, { contract: EVENTS });
  try {
    await call('login', { identifier: 'forgetful@e2e.test', password: 'Forget@12345', platform: 'web' });
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
