import { expect, test } from '@playwright/test';
import { expectSelection, logout, signIn, typeOtp } from './helpers';
import { codeIn, mailCount, waitForMail, withCode } from './mail';

const CHOSEN = 'Rocket@12345';

test('a company signs up in two steps with the password its admin chooses, verifies the mailed code, signs out and signs in with that password', async ({ page, context }) => {
  const email = `founder-${Date.now()}@rocket.test`;
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('affiliatecode', 'AFF-1');
      localStorage.setItem('usercode', 'USER-1');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/register?referralcode=REF-9');
  await expect(page.getByRole('heading', { name: 'Create New Account' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Steps' }).getByText('1. About You')).toHaveAttribute('aria-current', 'step');

  // Step 1, aboutYou: names, email, phone, and the password with its confirmation and the live checklist.
  const password = page.getByLabel('Password', { exact: true });
  const confirm = page.getByLabel('Confirm Password', { exact: true });
  const checklist = page.getByRole('list', { name: 'Password must have' });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Required*')).toHaveCount(6);
  await page.getByLabel('First Name').fill('Sam');
  await page.getByLabel('Last Name').fill('Founder');
  await page.getByLabel('Work Email').fill('admin@e2e.test');
  await expect(page.getByLabel('Country Code')).toHaveValue('IN');
  await expect(page.getByLabel('Country Code').locator('option:checked')).toHaveText('India (+91)');
  await page.getByLabel('Phone Number').pressSequentially('e+-.98 765');
  await page.getByLabel('Phone Number').pressSequentially('43210');
  await expect(page.getByLabel('Phone Number')).toHaveValue('9876543210');
  await password.fill('rocket');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Lowercase' })).toContainText('(done)');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Uppercase' })).toContainText('(missing)');
  await password.fill(CHOSEN);
  await expect(checklist.getByText('(missing)')).toHaveCount(0);
  await confirm.fill('Rocket@12344');
  await confirm.press('Enter');
  await expect(page.getByText('Password and confirm password does not match')).toBeVisible();
  await confirm.fill(CHOSEN);
  await confirm.press('Enter');
  await expect(page.getByText('An account with this email address already exists. Login or Register with different email')).toBeVisible();
  await page.getByLabel('Work Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2, aboutCompany. Back keeps step 1 as typed (passwords too), and step 2 keeps its own fields.
  await expect(page.getByRole('list', { name: 'Steps' }).getByText('2. About Company')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByLabel('Number of Employees')).toHaveValue('1-5');
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('India');
  await page.getByLabel('Company Name').fill('Rocket Shoes');
  await page.getByLabel('Industry').selectOption('Retail');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Work Email')).toHaveValue(email);
  await expect(page.getByLabel('Phone Number')).toHaveValue('9876543210');
  await expect(password).toHaveValue(CHOSEN);
  await expect(confirm).toHaveValue(CHOSEN);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Company Name')).toHaveValue('Rocket Shoes');

  // A reload keeps both steps for this tab, but never the password: it starts at step 1, asking for it again.
  expect(await page.evaluate(() => sessionStorage.getItem('sign_up_draft'))).not.toContain(CHOSEN);
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Sam');
  await expect(page.getByLabel('Work Email')).toHaveValue(email);
  await expect(password).toHaveValue('');
  await password.fill(CHOSEN);
  await confirm.fill(CHOSEN);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Company Name')).toHaveValue('Rocket Shoes');
  await expect(page.getByLabel('Industry')).toHaveValue('Retail');

  const terms = page.getByLabel('I agree to the Terms & Conditions and Privacy Policy');
  await expect(terms).toBeChecked();
  await terms.uncheck();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please agree with Terms & Conditions and Privacy Policy');
  await terms.check();
  const since = await mailCount();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/stay-tuned$/);
  await expect(page.getByRole('heading', { name: 'Stay Tuned!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Schedule Demo' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('sign_up_draft'))).toBeNull();

  const first = await waitForMail(email, since);
  expect(first.subject).toBe('Verify your email - Suite Portal');
  expect(first.html).toContain(codeIn(first));
  await page.getByRole('link', { name: 'Verify Email' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText(`Enter the 6-digit code we sent to ${email}.`)).toBeVisible();

  // Resend replaces the code: the toast, then a second mail whose code works.
  const beforeResend = await mailCount();
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'OTP sent successfully.' })).toBeVisible();
  const second = await waitForMail(email, beforeResend);
  if (codeIn(second) !== codeIn(first)) {
    await typeOtp(page, codeIn(first));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid OTP');
    for (let box = 6; box >= 1; box -= 1) await page.getByRole('textbox', { name: `Digit ${box} of 6` }).fill('');
  }
  await typeOtp(page, codeIn(second));
  await page.getByRole('textbox', { name: 'Digit 6 of 6' }).press('Enter');

  await expectSelection(page);
  await expect(page.getByText('Rocket Shoes')).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'ubs_token')?.value).toBeTruthy();
  expect(decodeURIComponent(cookies.find((cookie) => cookie.name === 'ubs_email')?.value ?? '')).toBe(email);
  expect(await page.evaluate(() => [localStorage.getItem('affiliatecode'), localStorage.getItem('usercode')])).toEqual([null, null]);

  // The password chosen at sign-up is the account's.
  await logout(page);
  await signIn(page, email, CHOSEN);
  await expectSelection(page);
  await expect(page.getByText('Rocket Shoes')).toBeVisible();
});

test('an account seeded without a password chooses one on /verify-email with the mailed code, then signs in with it', async ({ page }) => {
  const email = 'nopass@e2e.test';
  await page.goto('/verify-email');
  await page.getByLabel('Email address').fill(email);
  const since = await mailCount();
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'OTP sent successfully.' })).toBeVisible();
  const mail = await waitForMail(email, since, withCode);
  expect(mail.text).toContain('Your account has no password yet');
  await typeOtp(page, codeIn(mail));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Choose a password to finish verifying your account.')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('Chosen@12345');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Chosen@12345');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectSelection(page);
  await logout(page);
  await signIn(page, email, 'Chosen@12345');
  await expectSelection(page);
});

test('an admin verifies a pending organization with the mailed code at /verify-organization/{id}', async ({ page }) => {
  await signIn(page, 'orgadmin@e2e.test', 'OrgAdmin@123');
  await expectSelection(page);
  await page.goto('/verify-organization/newco');
  await expect(page.getByRole('heading', { name: 'Verify Your Organization' })).toBeVisible();
  await expect(page.getByText('Newco Pending').first()).toBeVisible();
  await typeOtp(page, '000000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid OTP');
  const since = await mailCount();
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'OTP sent successfully.' })).toBeVisible();
  const mail = await waitForMail('orgadmin@e2e.test', since);
  expect(mail.subject).toBe('Verify Newco Pending - Suite Portal');
  for (let box = 6; box >= 1; box -= 1) await page.getByRole('textbox', { name: `Digit ${box} of 6` }).fill('');
  await typeOtp(page, codeIn(mail));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Organization verified successfully.' })).toBeVisible();
  await expectSelection(page);
});
