import { expect, test, type Page } from '@playwright/test';
import { expectSelection, signIn } from './helpers';

/**
 * Records, before the page's own scripts run, the theme and background in force at the first animation frame: the
 * frame before the first paint. A flash of the wrong theme would show there.
 */
async function watchFirstFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { __firstFrame: unknown }).__firstFrame = {
        theme: document.documentElement.getAttribute('data-theme'),
        background: getComputedStyle(document.body ?? document.documentElement).backgroundColor,
      };
    });
  });
}

const firstFrame = (page: Page) => page.evaluate(() => (window as unknown as { __firstFrame: { theme: string; background: string } }).__firstFrame);

const LIGHT_BG = 'rgb(246, 247, 251)';
const DARK_BG = 'rgb(15, 19, 32)';

test('follows the operating system until the user chooses, live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'false');
});

test('the choice on the sign-in screen is remembered across reloads, with no flash of the other theme', async ({ page }) => {
  await watchFirstFrame(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', DARK_BG);

  // The system still says light: the first frame after a reload is already dark.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(await firstFrame(page)).toEqual({ theme: 'dark', background: DARK_BG });
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');

  // And the other way round: light chosen while the system is dark.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
  expect(await firstFrame(page)).toEqual({ theme: 'light', background: LIGHT_BG });
});

test('the menu’s choice survives signing out and in again', async ({ page }) => {
  await signIn(page, 'member@e2e.test', 'Member@12345');
  await expectSelection(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the switch shows the theme in force from the first paint of /login, before the scripts run, and after', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const toggle = page.locator('.theme-toggle');
  // The prerendered page, before React has it: the moon, as the colours already are.
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(toggle.locator('.theme-icon-dark')).toBeVisible();
  await expect(toggle.locator('.theme-icon-light')).toBeHidden();
  release();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle.locator('.theme-icon-dark')).toBeVisible();
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(toggle.locator('.theme-icon-light')).toBeVisible();
  await expect(toggle.locator('.theme-icon-dark')).toBeHidden();
});
