import { devices, expect, test, type Page } from '@playwright/test';
import { expectSelection, signIn } from './helpers';

/** The visible entries of the open menu, as a screen reader lists them (groups' entries included). */
async function menuEntries(page: Page): Promise<string[]> {
  const menu = page.getByRole('menu', { name: 'Menu' });
  await expect(menu).toBeVisible();
  const snapshot = await menu.ariaSnapshot();
  return [...snapshot.matchAll(/- menuitem(?:radio)? "([^"]*)"/g)].map((match) => match[1]!);
}

async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menu', { name: 'Menu' })).toBeVisible();
}

const COMMON = ['New Release v0.1.0', 'Download App', 'Help Video', 'Light', 'Dark', 'Same as the system', 'Troubleshooting Beta', 'Documents', 'Shortcuts', 'Support'];
const tab = (name: string) => `${name} (opens in a new tab)`;

test('an admin’s menu lists every product of the selected organization and every configured entry', async ({ page }) => {
  await signIn(page, 'admin@e2e.test', 'Admin@12345');
  await expectSelection(page);
  await page.getByRole('radio', { name: 'Acme Corporation' }).check();
  await openMenu(page);
  expect(await menuEntries(page)).toEqual([
    ...['HR', 'Chat', 'Project', 'Payroll', 'Survey', 'Applicant tracking', 'Assets', 'Performance'].map(tab),
    'Admin console',
    'Security',
    ...COMMON,
  ]);
  await expect(page.getByRole('group', { name: 'Acme Corporation products' })).toBeVisible();
  await page.keyboard.press('Escape');
  // The products follow the organization chosen on the workspace: in Globex the admin is a member with Chat only.
  await page.getByRole('radio', { name: 'Globex Industries' }).check();
  await openMenu(page);
  expect((await menuEntries(page)).filter((name) => name.endsWith('(opens in a new tab)'))).toEqual([tab('Chat')]);
});

test('a member sees the products their access opens, a client Project only', async ({ browser }) => {
  for (const [email, password, products] of [
    ['member@e2e.test', 'Member@12345', ['HR', 'Chat']],
    ['client@e2e.test', 'Client@12345', ['Project']],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email, password);
    await expectSelection(page);
    await openMenu(page);
    expect(await menuEntries(page)).toEqual([...products.map(tab), 'Security', ...COMMON]);
    await context.close();
  }
});

test('on a phone the menu shows the app version and no keyboard shortcuts', async ({ browser }) => {
  const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 13'];
  const context = await browser.newContext(iPhone);
  const page = await context.newPage();
  await signIn(page, 'member@e2e.test', 'Member@12345');
  await expectSelection(page);
  await page.getByRole('button', { name: 'Menu' }).tap();
  const menu = page.getByRole('menu', { name: 'Menu' });
  await expect(menu.getByText('App version 0.1.0')).toBeVisible();
  const entries = await menuEntries(page);
  expect(entries).not.toContain('Shortcuts');
  expect(entries).toContain('Download App');
  await context.close();
});

test('a product entry opens the product in a new tab, at the URL Next would use', async ({ page, context }) => {
  await signIn(page, 'member@e2e.test', 'Member@12345');
  await expectSelection(page);
  await openMenu(page);
  const opened = context.waitForEvent('page');
  await page.getByRole('menuitem', { name: tab('HR') }).click();
  const product = await opened;
  await expect(product).toHaveURL(/\/products\/hrms\/acme\/dashboard$/);
  await expect(product.getByTestId('org')).toHaveText('acme');
  // The portal stays where it was.
  await expect(page).toHaveURL(/\/workspace$/);
});

test('the help video, documents and support entries open the configured pages in new tabs', async ({ page, context }) => {
  await context.route(/^https:\/\/(videos|docs|help)\.example\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>${new URL(route.request().url()).hostname}</title>` }),
  );
  await signIn(page, 'member@e2e.test', 'Member@12345');
  await expectSelection(page);
  for (const [entry, url] of [
    ['Help Video', 'https://videos.example.com/watch?v=suite-intro'],
    ['Documents', 'https://docs.example.com/suite-portal'],
    ['Support', 'https://help.example.com/desk'],
  ] as const) {
    await openMenu(page);
    const opened = context.waitForEvent('page');
    await page.getByRole('menuitem', { name: entry }).click();
    const tabPage = await opened;
    await expect(tabPage).toHaveURL(url);
    await tabPage.close();
  }
});

test('New Release, Shortcuts and Troubleshooting open dialogs; Light/Dark switches the theme', async ({ page }) => {
  await signIn(page, 'member@e2e.test', 'Member@12345');
  await expectSelection(page);

  await openMenu(page);
  await page.getByRole('menuitem', { name: /^New Release/ }).click();
  const release = page.getByRole('dialog', { name: 'New Release' });
  await expect(release.getByTestId('app-version')).toHaveText('0.1.0');
  await release.getByRole('button', { name: 'Close' }).click();
  await expect(release).toBeHidden();

  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Shortcuts' }).click();
  const shortcuts = page.getByRole('dialog', { name: 'Shortcuts' });
  await expect(shortcuts.getByRole('row', { name: 'Ctrl+Shift+S Turn console logging off (remembered in this browser)' })).toBeVisible();
  await expect(shortcuts.getByRole('row', { name: 'Ctrl+Shift+E Turn console logging on (remembered in this browser)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  await openMenu(page);
  await page.getByRole('menuitem', { name: /^Troubleshooting/ }).click();
  const troubleshooting = page.getByRole('dialog', { name: 'Troubleshooting' });
  await expect(troubleshooting.getByText('Connection to the server')).toBeVisible();
  await expect(troubleshooting.getByText('connected', { exact: true })).toBeVisible();
  await expect(troubleshooting.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  await page.keyboard.press('Escape');

  await openMenu(page);
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await openMenu(page);
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeChecked();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the menu works by keyboard: open, move with arrows, Escape back to the button, Enter runs an entry', async ({ page }) => {
  await signIn(page, 'member@e2e.test', 'Member@12345');
  await expectSelection(page);
  const button = page.getByRole('button', { name: 'Menu' });
  await button.focus();
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('menuitem', { name: tab('HR') })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: tab('Chat') })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Support' })).toBeFocused();
  // Wraps around.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: tab('HR') })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('Sh');
  await expect(page.getByRole('menuitem', { name: 'Shortcuts' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Shortcuts' })).toBeHidden();
  await expect(button).toBeFocused();
});

test('a visitor has the Light/Dark switch instead of the menu', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dark theme' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
});
