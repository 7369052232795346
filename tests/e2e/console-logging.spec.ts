import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { chromiumLaunchOptions } from '../chromium';

/** Logs a probe through the page's console and says whether it reached the developer tools. */
async function probeReaches(page: Page): Promise<boolean> {
  const marker = `probe-${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForEvent('console', { predicate: (message) => message.text() === marker, timeout: 1500 }).then(
    () => true,
    () => false,
  );
  await page.evaluate((text) => console.log(text), marker);
  return seen;
}

// portal.e2e.test reaches this run's server: Chromium resolves it to 127.0.0.1, and a page is asked for under that name,
// as a company's portal is under its own (the other tests here open 127.0.0.1 and localhost, which the rule leaves alone).
const DEPLOYED_HOST = 'portal.e2e.test';
test.use({ launchOptions: { ...chromiumLaunchOptions, args: [...(chromiumLaunchOptions.args ?? []), `--host-resolver-rules=MAP ${DEPLOYED_HOST} 127.0.0.1`] } });

test('Ctrl+Shift+S turns console logging off and Ctrl+Shift+E on, remembered in this browser', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  // This computer (127.0.0.1): on by default.
  expect(await probeReaches(page)).toBe(true);

  await page.keyboard.press('Control+Shift+S');
  await expect(page.getByRole('status').filter({ hasText: 'Console logging is off.' })).toBeVisible();
  expect(await probeReaches(page)).toBe(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(await probeReaches(page)).toBe(false);

  // Works while typing in a field too.
  await page.getByLabel('Email address or user name').focus();
  await page.keyboard.press('Control+Shift+E');
  await expect(page.getByRole('status').filter({ hasText: 'Console logging is on.' })).toBeVisible();
  expect(await probeReaches(page)).toBe(true);
  await expect(page.getByLabel('Email address or user name')).toHaveValue('');
});

test('on the production host (PRODUCTION_HOST) logging starts off', async ({ page }) => {
  const production = baseURL.replace('127.0.0.1', 'localhost');
  await page.goto(`${production}/login`);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(await probeReaches(page)).toBe(false);
  await page.keyboard.press('Control+Shift+E');
  expect(await probeReaches(page)).toBe(true);
});

test.describe('a deployment: the production build served under any host name but localhost', () => {
  test('logging starts off, and Ctrl+Shift+E / Ctrl+Shift+S still switch it', async ({ page }) => {
    const deployed = baseURL.replace('127.0.0.1', DEPLOYED_HOST);
    await page.goto(`${deployed}/login`);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(await probeReaches(page)).toBe(false);
    await page.keyboard.press('Control+Shift+E');
    await expect(page.getByRole('status').filter({ hasText: 'Console logging is on.' })).toBeVisible();
    expect(await probeReaches(page)).toBe(true);
    await page.keyboard.press('Control+Shift+S');
    await expect(page.getByRole('status').filter({ hasText: 'Console logging is off.' })).toBeVisible();
    expect(await probeReaches(page)).toBe(false);
  });
});
