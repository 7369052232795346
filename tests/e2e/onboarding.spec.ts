import { expect, test } from '@playwright/test';
import { expectAccessibleOnceQuiet, expectSelection, signIn } from './helpers';
import { linkIn, mailCount, waitForMail } from './mail';

const signInAt = async (page: import('@playwright/test').Page, path: string, identifier: string, password: string) => {
  await page.goto(path);
  await page.getByLabel('Email address or employee code').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
};

test.describe.serial('onboarding and preboarding', () => {
  test('preboarding sign-in by employee code goes to the boarding documents; signed in, /acme/login goes there too', async ({ page }) => {
    await signInAt(page, '/acme/preboarding/login', 'PRE-100', 'Preboard@123');
    await expect(page).toHaveURL(/\/products\/recruit\/acme\/boarding-document\/[0-9a-f-]{36}$/);
    await page.goto('/acme/login');
    await expect(page).toHaveURL(/\/products\/recruit\/acme\/boarding-document\/[0-9a-f-]{36}$/);
    // Acme's employee is not Globex's: Globex's sign-in screen, not a Globex boarding page with Acme's employee id.
    await page.goto('/globex/login');
    await expect(page.getByLabel('Email address or employee code')).toBeVisible();
    await expect(page.getByText('Globex Industries').first()).toBeVisible();
    await expect(page).toHaveURL(/\/globex\/login$/);
  });

  test("a signed-in member opening an organization's onboarding pages lands on the workspace, which says why", async ({ page }) => {
    await signIn(page, 'member@e2e.test', 'Member@12345');
    await expectSelection(page);
    const notice = page.getByRole('region', { name: 'Why you are at the workspace' });
    await expect(notice).toHaveCount(0);
    for (const path of ['/acme/login', '/acme/register', '/acme/preboarding/register']) {
      await page.goto(path);
      await expectSelection(page);
      await expect(notice).toHaveText(
        'You are already signed in as member@e2e.test, so you are at your workspace. The sign-in and sign-up pages of Acme Corporation are for its new employees; to use them, log out first.Dismiss',
      );
    }
    await expectAccessibleOnceQuiet(page, 'the workspace with the onboarding notice');
    // At a phone's width too: the sentence wraps, the button stays on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(notice.getByRole('button', { name: 'Dismiss' })).toBeInViewport();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await expectSelection(page);
  });

  test('a wrong password stays on the form with the message', async ({ page }) => {
    await signInAt(page, '/acme/login', 'pre@e2e.test', 'Wrong@12345');
    await expect(page.getByRole('alert')).toHaveText('Invalid email, employee code or password.');
  });

  test('onboarding sign-up sets the password and opens the HR onboarding preview', async ({ page }) => {
    await page.goto('/acme/register');
    await expect(page.getByRole('heading', { name: 'Sign Up Your Account' })).toBeVisible();
    await expect(page.getByText('Acme Corporation').first()).toBeVisible();
    await page.getByLabel('Email').fill('stranger@e2e.test');
    await page.getByLabel('New Password', { exact: true }).fill('Onboard@12345');
    await page.getByLabel('Confirm Password').fill('Onboard@12345');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toContainText('not on the onboarding list');
    await page.getByLabel('Email').fill('onboard@e2e.test');
    await page.getByLabel('Confirm Password').press('Enter');
    await expect(page).toHaveURL(/\/products\/hrms\/acme\/employee-onboarding\/employee-preview\/[0-9a-f-]{36}$/);
  });

  test('preboarding sign-up goes to the boarding documents', async ({ page }) => {
    await page.goto('/acme/preboarding/register');
    await page.getByLabel('Email').fill('prenew@e2e.test');
    await page.getByLabel('New Password', { exact: true }).fill('Prenew@12345');
    await page.getByLabel('Confirm Password').fill('Prenew@12345');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/products\/recruit\/acme\/boarding-document\/[0-9a-f-]{36}$/);
  });

  test('preboarding reset: mailed link under /acme/preboarding, new password works, old one fails', async ({ page }) => {
    await page.goto('/acme/preboarding/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/acme\/preboarding\/forgot-password$/);
    // The sign-in screen stays until the lazy screen has loaded (its identifier field is labelled "Email address or
    // employee code"): wait for the new screen before looking for what it lacks or typing into it.
    await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Recovery code?' })).toHaveCount(0);
    const since = await mailCount();
    await page.getByLabel('Email address').fill('pre@e2e.test');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/acme\/preboarding\/email-sent$/);

    const link = linkIn(await waitForMail('pre@e2e.test', since), '/reset/');
    expect(link).toContain('/acme/preboarding/reset/');
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('Preboard@456');
    await page.getByLabel('Confirm Password').fill('Preboard@456');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/acme\/preboarding\/login$/);

    await signInAt(page, '/acme/preboarding/login', 'pre@e2e.test', 'Preboard@123');
    await expect(page.getByRole('alert')).toHaveText('Invalid email, employee code or password.');
    await signInAt(page, '/acme/preboarding/login', 'pre@e2e.test', 'Preboard@456');
    await expect(page).toHaveURL(/\/products\/recruit\/acme\/boarding-document\//);
  });

  test('onboarding reset under /acme', async ({ page }) => {
    const since = await mailCount();
    await page.goto('/acme/forgot-password');
    await page.getByLabel('Email address').fill('onboard@e2e.test');
    await page.getByLabel('Email address').press('Enter');
    await expect(page).toHaveURL(/\/acme\/email-sent$/);
    const link = linkIn(await waitForMail('onboard@e2e.test', since), '/reset/');
    expect(link).toMatch(/\/acme\/reset\//);
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('Onboard@67890');
    await page.getByLabel('Confirm Password').fill('Onboard@67890');
    await page.getByLabel('Confirm Password').press('Enter');
    await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();
    await expect(page).toHaveURL(/\/acme\/login$/, { timeout: 8_000 });
    await signInAt(page, '/acme/login', 'ONB-100', 'Onboard@67890');
    await expect(page).toHaveURL(/\/products\/hrms\/acme\/employee-onboarding\/employee-preview\//);
  });
});
