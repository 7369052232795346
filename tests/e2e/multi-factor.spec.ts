import { expect, test } from '@playwright/test';
import { expectSelection, logout, setUpAuthenticator, signIn, totp, typeOtp } from './helpers';
import { codeIn, mailCount, waitForMail, withCode } from './mail';

const PASSWORD = 'Factor@12345';

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
    const mail = await waitForMail('mfa.mail@e2e.test', since, withCode);
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

    const since = await mailCount();
    await page.goto('/forgot-password');
    await page.getByRole('link', { name: 'Try Recovery code?' }).click();
    await expect(page).toHaveURL(/\/forget-with-recovery$/);
    await page.getByLabel('Email or user name').fill('mfa.forgot@e2e.test');
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByLabel('Recovery code').press('Enter');
    await expect(page).toHaveURL(/\/reset-with-recovery$/);
    // The code that replaces the spent one goes to the account's mailbox, never to the screen.
    await expect(page.getByText('A new recovery code has been sent to your email address.')).toBeVisible();
    const mailed = await waitForMail('mfa.forgot@e2e.test', since, (mail) => mail.subject.startsWith('Your new recovery code'));
    const replacement = /^\s{4}([a-z0-9]{4}-[a-z0-9]{5})$/m.exec(mailed.text)?.[1];
    expect(replacement).toBeDefined();
    await expect(page.getByText(replacement!)).toHaveCount(0);
    await page.getByLabel('New Password', { exact: true }).fill('Recovered@123');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Recovered@123');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();

    await signIn(page, 'mfa.forgot@e2e.test', 'Recovered@123');
    await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
  });
  test('no company asks for one: a user turns on their own authenticator in /account/second-factor, sign-in asks for it, until they turn it off', async ({ page }) => {
    const user = 'own.factor@e2e.test';
    await signIn(page, user, PASSWORD);
    await expectSelection(page);
    await page.goto('/account/second-factor');
    await expect(page.getByText('none: no company of yours asks for a second factor')).toBeVisible();
    await page.getByRole('link', { name: 'Turn on authenticator app' }).click();
    await expect(page).toHaveURL(/\/setup-multi-factor$/);
    await expect(page.getByText('No company of yours asks for a second step at sign-in.', { exact: false })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Authenticator app' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    const { secret } = await setUpAuthenticator(page);
    // Saving comes back to the security center, which shows it on.
    await expect(page).toHaveURL(/\/account\/second-factor$/);
    await expect(page.getByRole('definition').nth(1)).toHaveText('On');
    await expect(page.getByRole('button', { name: 'Turn off authenticator app' })).toBeVisible();
    await logout(page);

    // The next sign-in asks for a code from the app.
    await signIn(page, user, PASSWORD);
    await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
    await expect(page.getByText('Enter the 6-digit code shown in your authenticator app.')).toBeVisible();
    await typeOtp(page, totp(secret, 30));
    await page.keyboard.press('Enter');
    await expectSelection(page);

    // Turned off (after a confirmation), sign-in is one step again.
    await page.goto('/account/second-factor');
    await page.getByRole('button', { name: 'Turn off authenticator app' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Turn off the authenticator app?' });
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByRole('link', { name: 'Turn on authenticator app' })).toBeVisible();
    await expect(page.getByRole('definition').nth(1)).toHaveText('Off');
    await logout(page);
    await signIn(page, user, PASSWORD);
    await expectSelection(page);
  });
});
