import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// The service worker needs a build it can see redeployed: this spec runs its own account server on a copy of the
// build (WEB_ROOT), and "deploys" two further real builds into it while the page is open.
const ROOT = resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 3390) + 7;
const origin = `http://127.0.0.1:${port}`;
const work = mkdtempSync(join(tmpdir(), 'suite-portal-sw-'));
const webRoot = join(work, 'web');
let server: ChildProcess | null = null;

const build = (id: string) => {
  const outDir = join(work, id);
  execFileSync('npx', ['vite', 'build', '--config', 'vite.web.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
    env: { ...process.env, PORTAL_BUILD_ID: id },
    stdio: 'pipe',
  });
  return outDir;
};
/** A deploy: the new build's files over the served folder (hashed assets of the old one stay, as on a real host). */
const deploy = (outDir: string) => cpSync(outDir, webRoot, { recursive: true, force: true });

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const taken = await fetch(`${origin}/portal-config.json`).then(() => true, () => false);
  if (taken) throw new Error(`Port ${port} is in use; the service-worker spec runs its own server there (E2E_PORT + 7).`);
  deploy(build('sw-test-v1'));
  build('sw-test-v2');
  build('sw-test-v3');
  // tsx's own binary in a process group of its own, so afterAll ends the server and nothing else.
  server = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: join(work, 'data'), WEB_ROOT: webRoot, SEED_FILE: 'tests/e2e/fixtures/seed.json', SMTP_URL: '' },
  });
  await expect
    .poll(async () => (await fetch(`${origin}/portal-config.json`).catch(() => null))?.status ?? 0, { timeout: 120_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email address or user name').fill('member@e2e.test');
  await page.getByLabel('Password', { exact: true }).fill('Member@12345');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
}

/** The build the page runs, as New Release shows it. */
async function runningBuild(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: /^New Release/ }).click();
  const dialog = page.getByRole('dialog', { name: 'New Release' });
  const text = (await dialog.getByText(/\(build /).textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Close' }).click();
  return /\(build ([^)]+)\)/.exec(text)?.[1] ?? '';
}

const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null);

test('the service worker installs and precaches the app shell, never the API', async ({ page, context }) => {
  await signIn(page);
  await controlled(page);
  expect(await runningBuild(page)).toBe('sw-test-v1');
  // Use the API a little: the socket, the config, an update feed, a product page.
  await page.evaluate(() => Promise.all(['/portal-config.json', '/updates/chat/latest.yml', '/products/hrms/acme'].map((url) => fetch(url).catch(() => null))));
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((url) => url.startsWith('/assets/') && url.endsWith('.js'))).toBe(true);
  expect(cached.filter((url) => /^\/(socket\.io|portal-config\.json|updates|products|oauth2|oidc|\.well-known|auth|demo-logos)/.test(url))).toEqual([]);

  // Offline: the portal still opens, the sign-in screen says so, and no API answer comes from a cache.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
  expect(await page.evaluate(() => fetch('/portal-config.json').then(() => 'answered', () => 'failed'))).toBe('failed');
  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline.' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
});

test('a version deployed while a form is being filled in waits, then loads on request', async ({ page }) => {
  await signIn(page);
  await controlled(page);
  await page.goto(`${origin}/change-password`);
  await page.getByLabel('Current Password').fill('Member@12345');
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  deploy(join(work, 'sw-test-v2'));
  // The user comes back to the tab: the portal checks for a new version.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const banner = page.getByRole('status').filter({ hasText: 'A new version of Suite Portal is ready.' });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(2000);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await expect(page.getByLabel('Current Password')).toHaveValue('Member@12345');

  // The old page still shows the same heading: wait for the reload itself, not for the heading.
  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: 'Reload now' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBeUndefined();
  await page.goto(`${origin}/workspace`);
  expect(await runningBuild(page)).toBe('sw-test-v2');
});

test('a version deployed while the user browses loads at the next page change, with a notice', async ({ page }) => {
  await signIn(page);
  await controlled(page);
  expect(await runningBuild(page)).toBe('sw-test-v2');
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  deploy(join(work, 'sw-test-v3'));
  // A page change is a safe moment and a check for a new version.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Download App' }).click();
  await page.getByRole('link', { name: 'All downloads, with versions and sizes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A new version of Suite Portal is available. Loading it now…' })).toBeVisible({ timeout: 20_000 });
  // The page reloads into the new version (while it does, the old page's context is gone).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere ?? 'reloaded').catch(() => 'navigating'), { timeout: 20_000 })
    .toBe('reloaded');
  await expect(page.getByRole('heading', { name: 'Download the apps' })).toBeVisible();
  await page.goto(`${origin}/workspace`);
  expect(await runningBuild(page)).toBe('sw-test-v3');
});
