import { expect, test } from '@playwright/test';
import { expectProduct, expectSelection, signIn } from './helpers';

// One test per fix of issue 11's walk through the portal.

test('/verify-organization/{id} opened directly: styled code boxes; a verified company asks for no code', async ({ page }) => {
  await signIn(page, 'orgadmin@e2e.test', 'OrgAdmin@123');
  await expectSelection(page);
  await page.goto('/verify-organization/newco');
  await expect(page.getByRole('heading', { name: 'Verify Your Organization' })).toBeVisible();
  // The field styles come with the boxes themselves, not from another screen visited first.
  const box = page.getByRole('textbox', { name: 'Digit 1 of 6' });
  await expect(box).toHaveCSS('border-top-left-radius', '6px');
  await expect(box).toHaveCSS('min-height', '44px');
  expect((await box.boundingBox())!.width).toBeLessThan(80);
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeVisible();

  // Acme is verified: no claim that a code was mailed, no form, no Resend OTP.
  await page.context().clearCookies();
  await signIn(page, 'admin@e2e.test', 'Admin@12345');
  await expectSelection(page);
  await page.goto('/verify-organization/acme');
  await expect(page.getByRole('heading', { name: 'Organization Verified' })).toBeVisible();
  await expect(page.getByText('Acme Corporation is already verified. There is no code to enter.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to your workspace' }).click();
  await expectSelection(page);
});

test('/setup-multi-factor without a company policy offers a second factor of your own, and leads back', async ({ page }) => {
  await signIn(page, 'member@e2e.test', 'Member@12345');
  await expectSelection(page);
  await page.goto('/setup-multi-factor');
  await expect(page.getByRole('heading', { name: 'Multi-Factor Authentication Setup' })).toBeVisible();
  await expect(page.getByText('No company of yours asks for a second step at sign-in. You can turn one on for your own account', { exact: false })).toBeVisible();
  await expect(page.getByText('Your company asks for a second step')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Authenticator app' })).not.toBeChecked();
  // Nothing is on and nothing chosen: nothing to save.
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expectSelection(page);
});

test('invite registration with empty names says Required*', async ({ page }) => {
  await page.goto('/invite/e2e-invite-register');
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByLabel('First Name')).toHaveAccessibleDescription(/Required\*/);
  await expect(page.getByLabel('Last Name')).toHaveAccessibleDescription(/Required\*/);
  await expect(page.getByText('Too small')).toHaveCount(0);
});

test('the onboarding sign-in asks for email or employee code, says whom it is for, and links the regular sign-in', async ({ page }) => {
  await page.goto('/acme/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByLabel('Email address or employee code')).toBeVisible();
  await expect(page.getByText('This sign-in is for new employees in onboarding')).toBeVisible();
  // A regular account is refused here, with the way to the right screen on it.
  await page.getByLabel('Email address or employee code').fill('admin@e2e.test');
  await page.getByLabel('Password', { exact: true }).fill('Admin@12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByRole('link', { name: 'Use the regular sign-in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email address or user name')).toBeVisible();
  await page.goto('/acme/preboarding/login');
  await expect(page.getByText('This sign-in is for new employees in preboarding')).toBeVisible();
});

test('a forced logout (the server ended the session) lands on /login saying so, once', async ({ page, context }) => {
  await signIn(page, 'member@e2e.test', 'Member@12345');
  await expectSelection(page);
  const token = (await context.cookies()).find((cookie) => cookie.name === 'ubs_token')!;
  // The session is revoked on the server (here: its token replaced by one the server never issued).
  await context.addCookies([{ ...token, value: `${token.value.slice(0, -4)}AAAA` }]);
  await page.goto('/workspace');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Your session has ended.')).toHaveCount(0);
});

test('every page has its own title, and a route change moves focus to the new page’s heading', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign In · Suite Portal');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveTitle('Forgot Password · Suite Portal');
  await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeFocused();
  await page.goto('/register');
  await expect(page).toHaveTitle('Create New Account · Suite Portal');
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page Not Found · Suite Portal');
  await signIn(page, 'member@e2e.test', 'Member@12345');
  await expectSelection(page);
  await expect(page).toHaveTitle('Select Organization · Suite Portal');
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeFocused();
});

test('the organization chosen on the workspace leaves its logo for the sign-in screen', async ({ page, context }) => {
  await signIn(page, 'member@e2e.test', 'Member@12345');
  await expectSelection(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectProduct(page, 'hrms', '/acme/dashboard');
  expect(await page.evaluate(() => localStorage.getItem('selectedLogo'))).toBe('/demo-logos/acme.svg');
  // Signed out by the product (the cookie gone), the sign-in screen shows it small in the top-right corner.
  await context.clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('img', { name: 'Selected company logo' })).toHaveAttribute('src', '/demo-logos/acme.svg');
});

test('sign-up links are hidden in in-app browsers only, not on every phone', async ({ browser }) => {
  const cases = [
    { ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', signUp: true },
    {
      ua: 'Mozilla/5.0 (Linux; Android 14; SM-A546B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/129.0.6668.100 Mobile Safari/537.36 Instagram 353.0.0.34.89 Android',
      signUp: false,
    },
  ];
  for (const { ua, signUp } of cases) {
    const context = await browser.newContext({ userAgent: ua, hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveCount(signUp ? 1 : 0);
    await context.close();
  }
});
