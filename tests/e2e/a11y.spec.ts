import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { installReleaseFeeds } from '../fixtures/release-feeds/install';
import { expectSelection, signIn } from './helpers';

// axe on every screen of the portal, the menu and its dialogs, in the light and the dark theme: WCAG 2.1 A and AA,
// colour contrast included. Each screen is opened as a user reaches it; the theme follows the emulated system.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Let transitions and lazy screens settle, so axe sees what the user sees.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(found, `axe violations on ${screen}`).toEqual([]);
}

/** The screens a visitor reaches by URL, and the heading each shows once it has loaded. */
const PUBLIC_SCREENS: [string, string | RegExp][] = [
  ['/login', 'Sign In'],
  ['/forgot-password', 'Forgot Password?'],
  ['/email-sent', /email/i],
  ['/reset/not-a-real-code', /Reset|link/i],
  ['/register', 'Create New Account'],
  ['/stay-tuned', 'Stay Tuned!'],
  ['/verify-email', 'Verify Your Email'],
  ['/forget-with-recovery', 'Forgot Password?'],
  ['/invite/e2e-invite-register', 'Create Your Account'],
  ['/invite/e2e-invite-expired', 'Invitation Expired'],
  ['/invite-client/00000000-0000-4000-8000-000000000000', 'Something went wrong'],
  ['/authorize', 'Authorize'],
  ['/downloads', 'Download the apps'],
  ['/not-me/not-a-real-code', 'This was not me'],
  ['/acme/login', 'Sign In'],
  ['/acme/register', /Sign Up/i],
  ['/acme/forgot-password', 'Forgot Password?'],
  ['/acme/preboarding/login', 'Sign In'],
  ['/no/such/page', 'OOPS! PAGE NOT FOUND'],
];

test.beforeAll(() => installReleaseFeeds(process.env.E2E_UPDATES_DIR!));

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
    });

    test('every screen a visitor reaches', async ({ page }) => {
      test.setTimeout(120_000);
      for (const [path, heading] of PUBLIC_SCREENS) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 }).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        await expectAccessible(page, path);
      }
    });

    test('sign-up, both steps, and the sign-in errors', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto('/register');
      await page.getByLabel('First Name').fill('Ada');
      await page.getByLabel('Last Name').fill('Axe');
      await page.getByLabel('Work Email').fill(`axe.${scheme}@e2e.test`);
      await page.getByLabel('Phone Number').fill('9876543210');
      // Step one with its password checklist and a confirmation that does not match.
      await page.getByLabel('Password', { exact: true }).fill('Axe@12345');
      await page.getByLabel('Confirm Password', { exact: true }).fill('Axe@12346');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('Password and confirm password does not match')).toBeVisible();
      await expectAccessible(page, '/register (about you, with messages)');
      await page.getByLabel('Confirm Password', { exact: true }).fill('Axe@12345');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByLabel('Company Name')).toBeVisible();
      await expectAccessible(page, '/register (about your company)');
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText('Required*').first()).toBeVisible();
      await expectAccessible(page, '/login with messages');
    });

    test('the second-factor screen', async ({ page }) => {
      await signIn(page, 'mfa.mail@e2e.test', 'Factor@12345');
      await expect(page).toHaveURL(/\/(multi-factor-authenticate|setup-multi-factor)$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, page.url());
    });

    test('the signed-in screens, the menu and its dialogs', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, 'admin@e2e.test', 'Admin@12345');
      await expectSelection(page);
      await page.getByRole('radio', { name: 'Acme Corporation' }).check();
      await expectAccessible(page, '/workspace');

      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, 'the menu');
      await page.keyboard.press('Escape');
      for (const [entry, title] of [
        [/^New Release/, 'New Release'],
        ['Download App', 'Download App'],
        ['Shortcuts', 'Shortcuts'],
        [/^Troubleshooting/, 'Troubleshooting'],
      ] as const) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('menuitem', { name: entry }).click();
        await expect(page.getByRole('dialog', { name: title })).toBeVisible();
        await expectAccessible(page, `the ${title} dialog`);
        await page.keyboard.press('Escape');
      }

      for (const [path, heading] of [
        ['/change-password', 'Change Password'],
        ['/verify-organization/acme', 'Organization Verified'],
        ['/setup-multi-factor', 'Multi-Factor Authentication Setup'],
        ['/account/second-factor', 'Second factor'],
        ['/account/connected-apps', 'Connected apps'],
        ['/account/passkeys', 'Passkeys'],
        ['/downloads', 'Download the apps'],
        ['/not-me/not-a-real-code', 'This was not me'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await expectAccessible(page, path);
      }
    });
  });
}
