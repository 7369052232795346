import { expect, test, type Page } from '@playwright/test';
import { publishTxt } from './dns-service';
import { chromiumLaunchOptions } from '../chromium';
import { makeTestCertificates, TEST_CA_DIR } from '../oidc/test-ca';
import { ENTRA_E2E, standInSpki } from './entra-service';
import { expectAccessibleOnceQuiet as expectAccessible, expectProduct, expectSelection, signIn } from './helpers';

// A company's own identity provider (issue 25), in Chromium: Skyline's admin verifies skyline.test, adds the run's
// OpenID stand-in (tests/e2e/entra-service.ts, here playing Skyline's directory) as a connection, tests it, turns it
// on and requires it. A newcomer types their address at /login and signs in there, landing on the workspace as a new
// member of Skyline; a member's password is refused, naming the company sign-in.

// The provider is the run's stand-in (https://localhost, the run's test CA): Chromium trusts that one key.
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...(chromiumLaunchOptions.args ?? []), `--ignore-certificate-errors-spki-list=${standInSpki(makeTestCertificates(TEST_CA_DIR))}`],
  },
});

const ADMIN = 'sky.admin@skyline.test';
const PASSWORD = 'Skyline@12345';
const ISSUER = `https://localhost:${Number(process.env.E2E_ENTRA_PORT ?? Number(process.env.E2E_PORT ?? 3390) + 2000)}`;

/** At the provider's own page: the address, then Next. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email, phone, or Skype').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
}

test('an admin connects the company provider; a newcomer signs in with it from /login; a member is refused their password', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN, PASSWORD);
  await expectSelection(page);
  await page.goto('/admin/skyline/sign-in');
  await expect(page.getByRole('heading', { name: 'Company sign-in', level: 2 })).toBeVisible();

  // The domain first: verified by its TXT record.
  await page.getByLabel('Domain', { exact: true }).fill('skyline.test');
  await page.getByRole('button', { name: 'Add domain' }).click();
  const domainCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^skyline\.test/ }) });
  const record = await domainCard.getByText(/^suite-portal-verification=/).textContent();
  publishTxt('_suite-portal-verification.skyline.test', [record!]);
  await domainCard.getByRole('button', { name: 'Check now: skyline.test' }).click();
  await expect(domainCard.getByText('Verified', { exact: true })).toBeVisible();

  // The connection, at a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  const form = page.getByRole('form', { name: 'Add a connection' });
  await form.getByLabel('Name').fill('Skyline directory');
  await form.getByLabel('Issuer URL').fill(ISSUER);
  await form.getByLabel('Client ID').fill(ENTRA_E2E.clientId);
  await form.getByLabel('Client secret').fill(ENTRA_E2E.clientSecret);
  await form.getByRole('checkbox', { name: 'HR' }).check();
  await form.getByRole('button', { name: 'Add connection' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Skyline directory/ }) });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await expect(card.getByText(/\/sso\/oidc\/callback$/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'connection added');

  // Turning it on before a test says what to do; the test goes to the provider and back with the claims.
  await card.getByRole('button', { name: 'Turn on: Skyline directory' }).click();
  await expect(page.getByText('Run "Test sign-in" successfully before turning this connection on.')).toBeVisible();
  await card.getByRole('button', { name: 'Test sign-in: Skyline directory' }).click();
  await signInAtProvider(page, 'nina.new@skyline.test');
  await expect(page.getByRole('heading', { name: 'Test sign-in: it works' })).toBeFocused();
  await expect(page.getByText('Skyline directory signed in nina.new@skyline.test. You can turn it on now.')).toBeVisible();
  await expectAccessible(page, 'test result');
  await card.getByRole('button', { name: 'Turn on: Skyline directory' }).click();
  await card.getByRole('button', { name: 'Require: Skyline directory' }).click();
  await expect(card.getByText('On, required', { exact: true })).toBeVisible();

  // A newcomer, in a browser of their own: the address, then the company's sign-in instead of a password.
  const newcomer = await (await browser.newContext()).newPage();
  await newcomer.goto('/login');
  await newcomer.getByLabel('Email address or user name').fill('nina.new@skyline.test');
  const continueButton = newcomer.getByRole('button', { name: 'Continue with Skyline sign-in' });
  await expect(continueButton).toBeVisible();
  await expect(newcomer.getByLabel('Password', { exact: true })).toHaveCount(0);
  await continueButton.click();
  await signInAtProvider(newcomer, 'nina.new@skyline.test');
  // A member of one organization with one product goes straight to it (spec section 2): HR, as the connection grants.
  await expectProduct(newcomer, 'hrms', '/skyline/dashboard');

  // A member's password is refused while the company sign-in is required; they are told which to use.
  const member = await (await browser.newContext()).newPage();
  await member.goto('/login');
  await member.getByLabel('Email address or user name').fill('sam.member@skyline.test');
  await member.getByRole('button', { name: 'Sign in with a password instead' }).click();
  await member.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await member.getByLabel('Password', { exact: true }).press('Enter');
  await expect(member.getByRole('alert')).toHaveText('Skyline requires you to sign in with your company account. Use "Continue with Skyline sign-in".');
});
