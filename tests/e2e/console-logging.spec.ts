import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';

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

test('Ctrl+Shift+S turns console logging off and Ctrl+Shift+E on, remembered in this browser', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  // Not the production host: on by default.
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
