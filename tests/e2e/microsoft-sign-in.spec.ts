import { expect, test, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium';
import { makeTestCertificates, TEST_CA_DIR } from '../oidc/test-ca';
import { standInSpki } from './entra-service';
import { expectSelection, typeOtp } from './helpers';
import { codeIn, mailCount, waitForMail, withCode } from './mail';

// The popup walks the stand-in for Entra (https://localhost, the run's test CA): Chromium trusts that one key.
test.use({
  // Requests go to the network, where the state test can reach them (the portal's worker never caches /auth/ anyway).
  serviceWorkers: 'block',
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...(chromiumLaunchOptions.args ?? []), `--ignore-certificate-errors-spki-list=${standInSpki(makeTestCertificates(TEST_CA_DIR))}`],
  },
});

/** Clicks "Login With Microsoft" and returns the popup, on the stand-in's sign-in page. */
async function openPopup(page: Page): Promise<Page> {
  await page.goto('/login');
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Login With Microsoft' }).click();
  const popup = await opened;
  await expect(popup).toHaveTitle('Sign in to your account');
  return popup;
}

/** Signs in at the stand-in as `email` and waits for the popup to hand the code back and close. */
async function signInAtProvider(popup: Page, email: string): Promise<void> {
  const closed = popup.waitForEvent('close');
  await popup.getByLabel('Email, phone, or Skype').fill(email);
  await popup.getByRole('button', { name: 'Next' }).click();
  await closed;
}

test.describe('Microsoft sign-in (spec section 4) against an OpenID provider standing in for Entra', () => {
  test('the popup (400x600) signs the seeded member in and the portal goes on to the workspace', async ({ page }) => {
    const popup = await openPopup(page);
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([400, 600]);
    await signInAtProvider(popup, 'member@e2e.test');
    await expectSelection(page);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'ubs_email')?.value).toBe(encodeURIComponent('member@e2e.test'));
    expect(cookies.find((cookie) => cookie.name === 'ubs_token')?.value).toBeTruthy();
    // The code was handed over and taken: nothing of it stays in storage.
    expect(await page.evaluate(() => [localStorage.getItem('code'), localStorage.getItem('ms_answer')])).toEqual([null, null]);
  });

  test("a company that requires a second factor: Microsoft's sign-in goes on to the portal's own, set up and passed with a mailed code", async ({ page }) => {
    const popup = await openPopup(page);
    await signInAtProvider(popup, 'ms.mail@e2e.test');
    // Microsoft reported no second factor: the portal asks for its own (first its setup), with no password held.
    await expect(page).toHaveURL(/\/setup-multi-factor$/);
    await expect(page.getByRole('checkbox', { name: 'Email' })).toBeChecked();
    const since = await mailCount();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
    await typeOtp(page, codeIn(await waitForMail('ms.mail@e2e.test', since, withCode)));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSelection(page);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'ubs_token')?.value).toBeTruthy();
  });

  test('refuses a Microsoft person no account uses, and stays on the sign-in screen', async ({ page }) => {
    const popup = await openPopup(page);
    await signInAtProvider(popup, 'stranger@elsewhere.test');
    await expect(page.getByRole('alert')).toHaveText('No account uses this Microsoft sign-in.');
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'ubs_token')).toBeUndefined();
  });

  test('refuses an answer whose state the portal did not issue', async ({ page }) => {
    // Someone changes the state on its way to the provider: the provider echoes it, and it is not the one the portal
    // issued for this sign-in.
    await page.context().route(/\/auth\/ms\/login\?/, async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = new URL(response.headers()['location']!);
      location.searchParams.set('state', 'A'.repeat(43));
      await route.fulfill({ response, headers: { ...response.headers(), location: location.href } });
    });
    const popup = await openPopup(page);
    await signInAtProvider(popup, 'member@e2e.test');
    await expect(page.getByRole('alert')).toHaveText('This Microsoft sign-in has expired or was already used. Please start again.');
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'ubs_token')).toBeUndefined();
  });

  test('a popup closed by hand says so, without the pop-up blocker message', async ({ page }) => {
    const popup = await openPopup(page);
    await popup.close();
    await expect(page.getByRole('alert')).toHaveText('Microsoft sign-in was closed before it finished.');
    await expect(page.getByRole('button', { name: 'Login With Microsoft' })).toBeEnabled();
  });

  test('Cancel at the provider is reported as a cancel', async ({ page }) => {
    const popup = await openPopup(page);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await closed;
    await expect(page.getByRole('alert')).toHaveText('Microsoft sign-in was cancelled.');
  });

  test('the callback page opened outside a popup goes to the sign-in screen', async ({ page }) => {
    await page.goto('/auth/ms/callback?code=stray&state=stray');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });
});
