import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectSelection, signIn, typeOtp } from './helpers';
import { codeIn, mailCount, waitForMail } from './mail';

const PASSWORD = 'Factor@12345';

// Codes come from an independent RFC 6238 library, from the secret as the screen shows it.
const totp = (secret: string, offsetSeconds = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

/** On /setup-multi-factor with the authenticator option on: verifies a code and saves; returns what the screen showed. */
async function setUpAuthenticator(page: Page): Promise<{ secret: string; recoveryCode: string }> {
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
  const recoveryCode = (await page.getByTestId('mfa-recovery-code').textContent())!.trim();
  expect(recoveryCode).toMatch(/^[a-z0-9]{4}-[a-z0-9]{5}$/);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await typeOtp(page, totp(secret, 120));
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid OTP' })).toBeVisible();
  await expect(save).toBeDisabled();
  // A refused code empties the boxes for the next try.
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
  await typeOtp(page, totp(secret));
  await expect(page.getByText('OTP verified successfully').first()).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Multi-Factor Authentication Setup Successfully' })).toBeVisible();
  return { secret, recoveryCode };
}

async function logout(page: Page): Promise<void> {
  // Logout ends with a full load of /login; wait for that load, not just the address.
  await Promise.all([page.waitForURL(/\/login$/, { waitUntil: 'load' }), page.getByRole('button', { name: 'Logout' }).click()]);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
}

test.describe('multi-factor sign-in', () => {
  test('authenticator policy: set up with the QR secret, sign out, sign in with a code', async ({ page }) => {
    await signIn(page, 'mfa.app@e2e.test', PASSWORD);
    await expect(page).toHaveURL(/\/setup-multi-factor$/);
    await expect(page.getByRole('checkbox', { name: 'Authenticator app' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Email' })).toHaveCount(0);
    const { secret } = await setUpAuthenticator(page);
    await expectSelection(page);
    await expect(page.getByRole('link', { name: 'Update Multi-Factor Authenticate Setup?' })).toHaveAttribute('href', '/setup-multi-factor');
    await logout(page);

    await signIn(page, 'mfa.app@e2e.test', PASSWORD);
    await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
    await expect(page.getByText('Enter the 6-digit code shown in your authenticator app.')).toBeVisible();
    await typeOtp(page, '000000');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid OTP' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
    // The code of the step used at setup is spent; the next step's is within the allowed drift.
    await typeOtp(page, totp(secret, 30));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSelection(page);
  });

  test('work email policy: the code arrives by mail, and the resend waits 30 seconds', async ({ page }) => {
    await signIn(page, 'mfa.mail@e2e.test', PASSWORD);
    await expect(page).toHaveURL(/\/setup-multi-factor$/);
    await expect(page.getByRole('checkbox', { name: 'Email' })).toBeChecked();
    const since = await mailCount();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
    await expect(page.getByRole('button', { name: /^Resend OTP in \d+s$/ })).toBeDisabled();
    const mail = await waitForMail('mfa.mail@e2e.test', since);
    expect(mail.subject).toBe('Your sign-in code - Suite Portal');
    await typeOtp(page, codeIn(mail));
    await page.keyboard.press('Enter');
    await expectSelection(page);
  });

  test('both enabled: the user chooses between work email and the authenticator app', async ({ page }) => {
    await signIn(page, 'mfa.both@e2e.test', PASSWORD);
    await expect(page).toHaveURL(/\/setup-multi-factor$/);
    await expect(page.getByRole('checkbox', { name: 'Email' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Authenticator app' }).check();
    const { secret } = await setUpAuthenticator(page);
    await expectSelection(page);
    await logout(page);

    await signIn(page, 'mfa.both@e2e.test', PASSWORD);
    await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
    await expect(page.getByRole('radio', { name: 'Work email' })).toBeChecked();
    await page.getByRole('radio', { name: 'Authenticator app' }).check();
    await expect(page.getByText('Enter the 6-digit code shown in your authenticator app.')).toBeVisible();
    await typeOtp(page, totp(secret, 30));
    await page.keyboard.press('Enter');
    await expectSelection(page);
  });

  test('a recovery code signs in once and a new one is issued', async ({ page }) => {
    await signIn(page, 'mfa.recover@e2e.test', PASSWORD);
    const { recoveryCode } = await setUpAuthenticator(page);
    await expectSelection(page);
    await logout(page);

    await signIn(page, 'mfa.recover@e2e.test', PASSWORD);
    await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
    await page.getByRole('link', { name: 'Add Recovery Code' }).click();
    await expect(page.getByRole('heading', { name: 'Add Recovery Code' })).toBeVisible();
    await page.getByLabel('Recovery code').fill('zzzz-zzzzz');
    await page.getByLabel('Recovery code').press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid Recovery Code' })).toBeVisible();
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/setup-multi-factor$/);
    const fresh = (await page.getByTestId('new-recovery-code').textContent())!.trim();
    expect(fresh).toMatch(/^[a-z0-9]{4}-[a-z0-9]{5}$/);
    expect(fresh).not.toBe(recoveryCode);
    await page.goto('/workspace');
    await expectSelection(page);
  });

  test('forgot password with a recovery code, through to a new password', async ({ page }) => {
    await signIn(page, 'mfa.forgot@e2e.test', PASSWORD);
    const { recoveryCode } = await setUpAuthenticator(page);
    await expectSelection(page);
    await logout(page);

    await page.goto('/forgot-password');
    await page.getByRole('link', { name: 'Try Recovery code?' }).click();
    await expect(page).toHaveURL(/\/forget-with-recovery$/);
    await page.getByLabel('Email or user name').fill('mfa.forgot@e2e.test');
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByLabel('Recovery code').press('Enter');
    await expect(page).toHaveURL(/\/reset-with-recovery$/);
    await expect(page.getByTestId('new-recovery-code')).toHaveText(/^[a-z0-9]{4}-[a-z0-9]{5}$/);
    await page.getByLabel('New Password', { exact: true }).fill('Recovered@123');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Recovered@123');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();

    await signIn(page, 'mfa.forgot@e2e.test', 'Recovered@123');
    await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
  });
});
