import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { installReleaseFeeds } from '../fixtures/release-feeds/install';
import { expectSelection, signIn } from './helpers';

// The server's UPDATES_DIR (playwright.config.ts): filled with real electron-builder feeds, or left empty.
const updatesDir = process.env.E2E_UPDATES_DIR!;
const emptyFolder = () => {
  for (const name of readdirSync(updatesDir)) rmSync(join(updatesDir, name), { recursive: true, force: true });
  mkdirSync(join(updatesDir, 'chat'), { recursive: true });
};

const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

test.describe.configure({ mode: 'serial' });

test.describe('with published releases', () => {
  test.beforeAll(() => {
    emptyFolder();
    installReleaseFeeds(updatesDir);
  });

  test('/downloads lists each app and platform with version, date, size and link, the visitor’s platform first', async ({ page }) => {
    await page.goto('/downloads');
    await expect(page.getByRole('heading', { name: 'Download the apps', level: 1 })).toBeVisible();
    const chat = page.getByRole('region', { name: 'Suite Chat for desktop' });
    // Chromium here runs on Linux: Linux first, marked, and every other platform still listed.
    const rows = chat.getByRole('row');
    await expect(rows.nth(1)).toContainText('LinuxYour platform');
    await expect(rows.nth(1)).toContainText('2.4.0');
    await expect(rows.nth(1)).toContainText('14 Oct 2026');
    await expect(rows.nth(1)).toContainText('125.0 MB');
    await expect(rows).toHaveCount(5);
    const windows = chat.getByRole('link', { name: 'Download Suite Chat for desktop for Windows (64-bit), version 2.4.0' });
    await expect(windows).toHaveAttribute('href', /\/updates\/chat\/Suite-Chat-2\.4\.0-win\.exe$/);
    // The link downloads the installer the server hosts.
    const response = await page.request.head((await windows.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-length']).toBe('187441032');
    // Suite Track's mac feed is malformed and its Linux feed is missing: only Windows is offered, nothing broke.
    const track = page.getByRole('region', { name: 'Suite Track for desktop' });
    await expect(track.getByRole('row')).toHaveCount(3);
    await expect(track).toContainText('1.9.2');
    await expect(page.getByText('There is no update available.')).toHaveCount(0);
  });

  test('a Windows visitor sees Windows first', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: WINDOWS_UA });
    const page = await context.newPage();
    await page.goto('/downloads');
    const rows = page.getByRole('region', { name: 'Suite Chat for desktop' }).getByRole('row');
    await expect(rows.nth(1)).toContainText('Windows (64-bit)Your platform');
    await expect(rows.nth(2)).toContainText('Windows (32-bit)Your platform');
    await context.close();
  });

  test('the menu’s Download App panel shows the same links compactly', async ({ page }) => {
    await signIn(page, 'member@e2e.test', 'Member@12345');
    await expectSelection(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Download App' }).click();
    const panel = page.getByRole('dialog', { name: 'Download App' });
    await expect(panel.getByRole('link', { name: 'Download Suite Chat for desktop for Linux, version 2.4.0' })).toHaveAttribute(
      'href',
      /\/updates\/chat\/Suite-Chat-2\.4\.0-linux-x86_64\.AppImage$/,
    );
    await expect(panel.getByRole('link', { name: /^Download Suite Track for desktop for Windows/ })).toHaveCount(2);
    await panel.getByRole('link', { name: 'All downloads, with versions and sizes' }).click();
    await expect(page).toHaveURL(/\/downloads$/);
    await expect(panel).toBeHidden();
  });
});

test.describe('with no release published', () => {
  test.beforeAll(emptyFolder);

  test('/downloads and the panel say there is no update available', async ({ page }) => {
    await page.goto('/downloads');
    await expect(page.getByText('There is no update available.')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Download / })).toHaveCount(0);

    await signIn(page, 'member@e2e.test', 'Member@12345');
    await expectSelection(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Download App' }).click();
    await expect(page.getByRole('dialog', { name: 'Download App' }).getByText('There is no update available.')).toBeVisible();
  });
});
