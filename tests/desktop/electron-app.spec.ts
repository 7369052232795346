import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import type { DesktopFlavor } from '../../src/shared/bridge';
import { findElectronBinary, NO_ELECTRON_MESSAGE } from './electron-binary';

// The real desktop apps, launched by Playwright's Electron support against the account server of
// playwright.desktop.config.ts (which also hosts an update feed). Skipped, with the reason, where no Electron
// binary exists (this repository's CI downloads none; set ELECTRON_BINARY on a machine that has one).
const SERVER = process.env.E2E_SERVER_URL ?? 'http://127.0.0.1:3392';
const binary = findElectronBinary();
if (!binary) console.warn(`Skipping the Electron end-to-end specs. ${NO_ELECTRON_MESSAGE}`);
test.skip(!binary, NO_ELECTRON_MESSAGE);

async function launch(flavor: DesktopFlavor, extraEnv: Record<string, string> = {}): Promise<{ app: ElectronApplication; window: Page }> {
  // The app under test is the desktop build in out/, which playwright.desktop.config.ts makes before the specs run.
  const app = await electron.launch({
    executablePath: binary!,
    args: [resolve(import.meta.dirname, '../..'), '--no-sandbox'],
    env: {
      ...process.env,
      PORTAL_FLAVOR: flavor,
      PORTAL_SERVER_URL: SERVER,
      PORTAL_UPDATES_URL: 'off',
      PORTAL_USER_DATA: mkdtempSync(join(tmpdir(), `suite-${flavor}-profile-`)),
      ...extraEnv,
    },
  });
  const window = await app.firstWindow();
  return { app, window };
}

async function signIn(window: Page, identifier: string, password: string) {
  await window.getByLabel('Email address or user name').fill(identifier);
  await window.getByLabel('Password', { exact: true }).fill(password);
  await window.getByLabel('Password', { exact: true }).press('Enter');
  await expect(window.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
}

test('launch: the chat app opens the sign-in screen from app://portal, isolated, with only the named bridge functions', async () => {
  const { app, window } = await launch('chat');
  try {
    await expect(window.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(window.url()).toMatch(/^app:\/\/portal\//);
    expect(await window.title()).toBeTruthy();
    const exposed = await window.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      desktop: Object.keys((globalThis as { desktop?: object }).desktop ?? {}).sort(),
    }));
    expect(exposed.require).toBe('undefined');
    expect(exposed.process).toBe('undefined');
    expect(exposed.desktop).toContain('vaultGetToken');
    expect(exposed.desktop).not.toContain('ipcRenderer');
    expect(exposed.desktop).not.toContain('invoke');
    // Main's view: one window so far, titled after the flavor's product.
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
    expect(await app.evaluate(({ app: electronApp }) => electronApp.getName())).toBe('Suite Chat');
  } finally {
    await app.close();
  }
});

test('sign-in: the track app signs in, shows Project as its product, and keeps no token cookie', async () => {
  const { app, window } = await launch('track');
  try {
    await signIn(window, 'admin@e2e.test', 'Admin@12345');
    await window.getByRole('radio', { name: 'Acme Corporation' }).check();
    await expect(window.getByText('Select the organization and Project product which you wish to access now.')).toBeVisible();
    expect(await window.evaluate(() => document.cookie)).not.toContain('ubs_token');
  } finally {
    await app.close();
  }
});

for (const [flavor, path] of [
  ['chat', '/products/chat/acme'],
  ['track', '/products/track/acme'],
] as const) {
  test(`product launch: the ${flavor} app opens its product host in a window of its own`, async () => {
    const { app, window } = await launch(flavor);
    try {
      await signIn(window, 'admin@e2e.test', 'Admin@12345');
      await window.getByRole('radio', { name: 'Acme Corporation' }).check();
      const opened = app.waitForEvent('window');
      await window.getByRole('button', { name: 'Next' }).click();
      const product = await opened;
      await product.waitForLoadState();
      const url = new URL(product.url());
      expect(`${url.origin}${url.pathname}`).toBe(`${SERVER}${path}`);
      if (flavor === 'track') {
        const handed = new URLSearchParams(url.hash.slice(1));
        expect(handed.get('orgId')).toBe('acme');
        expect(handed.get('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      }
      // The product page has no bridge: its calls would be refused anyway, it does not even get the preload.
      expect(await product.evaluate(() => typeof (globalThis as { desktop?: unknown }).desktop)).toBe('undefined');
    } finally {
      await app.close();
    }
  });
}

test('sign-in with Microsoft: a 400x600 popup on the server, and closing it by hand is a clean cancel', async () => {
  const { app, window } = await launch('chat');
  try {
    const opened = app.waitForEvent('window');
    await window.getByRole('button', { name: 'Login With Microsoft' }).click();
    const popup = await opened;
    await expect.poll(() => popup.url()).toBe(`${SERVER}/auth/ms/login`);
    const size = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.getContentSize().join('x')));
    expect(size).toContain('400x600');
    expect(await popup.evaluate(() => typeof (globalThis as { desktop?: unknown }).desktop)).toBe('undefined');
    await popup.close();
    await expect(window.getByText('Microsoft sign-in did not finish.', { exact: false })).toBeVisible();
  } finally {
    await app.close();
  }
});

test('update prompt: the chat app checks the account server’s feed at start and tells the user about the new version', async () => {
  const { app, window } = await launch('chat', { PORTAL_UPDATES_URL: `${SERVER}/updates/chat` });
  try {
    const status = window.getByRole('status', { name: 'App update' });
    await expect(status).toContainText(/99\.0\.0|could not be installed/);
  } finally {
    await app.close();
  }
});
