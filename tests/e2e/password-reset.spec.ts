import { expect, test } from '@playwright/test';
import { expectSelection, signIn } from './helpers';
import { linkIn, mailCount, waitForMail } from './mail';

const EMAIL = 'forgetful@e2e.test';
const OLD = 'Forget@12345';
const NEW = 'Remembered@123';

test.describe('forgot and reset password', () => {
  test('a reset link from the mail sets a new password; the old one fails; the link works once', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Recovery code?' })).toHaveAttribute('href', '/forget-with-recovery');
    const since = await mailCount();
    await page.getByLabel('Email address').fill(EMAIL);
    await page.getByLabel('Email address').press('Enter');
    await expect(page).toHaveURL(/\/email-sent$/);
    await expect(page.getByRole('heading', { name: 'Email Sent' })).toBeVisible();

    const mail = await waitForMail(EMAIL, since);
    expect(mail.subject).toBe('Reset your password - Suite Portal');
    const link = linkIn(mail, '/reset/');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(page.getByText(`Choose a new password for ${EMAIL}.`)).toBeVisible();

    // The live checklist and the mismatch message.
    const password = page.getByLabel('New Password', { exact: true });
    await password.fill('abc');
    const checklist = page.getByRole('list', { name: 'Password must have' });
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Lowercase' })).toContainText('(done)');
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Uppercase' })).toContainText('(missing)');
    await password.fill(NEW);
    await page.getByLabel('Confirm Password', { exact: true }).fill(`${NEW}x`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password and confirm password does not match')).toBeVisible();
    await page.getByLabel('Confirm Password', { exact: true }).fill(NEW);
    await page.getByLabel('Confirm Password', { exact: true }).press('Enter');

    await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();
    // The success panel replaced the form in place: focus moved to its heading (not left on the page).
    await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeFocused();
    await expect(page.getByText('Your password has been successfully reset.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    // Spec section 9: on to sign-in by itself after 5 s.
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });

    await signIn(page, EMAIL, OLD);
    await expect(page.getByRole('alert')).toHaveText('Invalid email, user name or password.');
    await signIn(page, EMAIL, NEW);
    await expectSelection(page);

    // Used once: the same link now gets a clear screen.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Link Not Valid' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('has been used already or has expired');
  });

  test('an unknown address gets the same Email Sent screen and no mail', async ({ page }) => {
    const since = await mailCount();
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill('nobody-here@e2e.test');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/email-sent$/);
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await mailCount()).toBe(since);
  });

  test('a made-up reset code shows the invalid-link screen', async ({ page }) => {
    await page.goto('/reset/made-up-code');
    await expect(page.getByRole('heading', { name: 'Link Not Valid' })).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});
