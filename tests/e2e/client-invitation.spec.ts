import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const TOKEN = 'c1a2b3c4-d5e6-4f70-8a9b-0c1d2e3f4a5b';

test.describe.serial('client invitation', () => {
  test('a token that is not 36 characters goes to /login', async ({ page }) => {
    await page.goto('/invite-client/too-short');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('accepting shows the email and a generated password once; it signs the client in to Project', async ({ page }) => {
    await page.goto(`/invite-client/${TOKEN}`);
    await expect(page.getByRole('heading', { name: 'Invitation Accepted' })).toBeVisible();
    await expect(page.getByText('newclient@e2e.test')).toBeVisible();
    const password = (await page.getByTestId('generated-password').textContent()) ?? '';
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{16}$/);
    // Copy puts it on the clipboard and says so, as the kit's copy link does.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy password' }).click();
    await expect(page.getByText('Password copied to clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);

    // A reload does not lose it silently: the page says it was shown once, and how to choose a new one.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Invitation Already Accepted' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Forgot Password' })).toContainText('shown when this link was first opened');
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(page.getByText(password)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');

    await page.getByRole('link', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'newclient@e2e.test', password);
    // A client with Project only goes straight to it.
    await expect(page).toHaveURL(/\/products\/pms\//);

    // The link does not work twice, and the password is not shown again.
    await page.context().clearCookies();
    await page.goto(`/invite-client/${TOKEN}`);
    await expect(page.getByRole('heading', { name: 'Invitation Already Accepted' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'already been accepted' })).toBeVisible();
    await expect(page.getByText(password)).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an existing account gets the server message and the sign-in button', async ({ page }) => {
    await page.goto('/invite-client/d2b3c4d5-e6f7-4a81-9b0c-1d2e3f4a5b6c');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('You already have an account with this email.');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('an unknown token gets the message without a sign-in button', async ({ page }) => {
    await page.goto('/invite-client/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert')).toHaveText('This invitation link is not valid.');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });
});
