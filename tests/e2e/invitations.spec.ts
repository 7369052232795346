import { expect, test } from '@playwright/test';
import { expectSelection, radioNames, signIn, typeOtp } from './helpers';
import { codeIn, mailCount, waitForMail } from './mail';

// The eight outcomes of an invitation link (spec section 2), each in the browser. The seed holds the invitations;
// the server tests cover createInvitation and its mail.
test.describe.serial('member invitations', () => {
  test('register: a newcomer creates the account, verifies the mailed code and reaches the workspace', async ({ page }) => {
    await page.goto('/invite/e2e-invite-register');
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('newbie@e2e.test');
    await page.getByLabel('First Name').fill('Newt');
    await page.getByLabel('Last Name').fill('Newbie');
    await page.getByLabel('Password', { exact: true }).fill('Newbie@12345');
    await page.getByLabel('Confirm Password').fill('Newbie@12345');
    const since = await mailCount();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/verify-email\?email=newbie%40e2e\.test$/);
    await typeOtp(page, codeIn(await waitForMail('newbie@e2e.test', since)));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSelection(page);
    expect(await radioNames(page, 'Organization')).toEqual(['Acme Corporation']);
  });

  test('invitationCodeExpired, accountNotVerified and wrong each get their screen', async ({ page }) => {
    await page.goto('/invite/e2e-invite-expired');
    await expect(page.getByRole('heading', { name: 'Invitation Expired' })).toBeVisible();
    await page.goto('/invite/e2e-invite-pending');
    await expect(page.getByRole('heading', { name: 'Verification' })).toBeVisible();
    await expect(page.getByText('You need to verify your account')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verify Email' })).toHaveAttribute('href', '/verify-email?email=pending%40e2e.test');
    await page.goto('/invite/no-such-invitation');
    await expect(page.getByRole('heading', { name: 'Oops..' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Something went wrong!. Please try again after some time');
  });

  test('loginAndAccept saves previousURL; after sign-in, accept joins the organization; then it reads Accepted', async ({ page, context }) => {
    await page.goto('/invite/e2e-invite-existing');
    await expect(page.getByRole('heading', { name: 'Account Found' })).toBeVisible();
    const previous = (await context.cookies()).find((cookie) => cookie.name === 'previousURL');
    expect(decodeURIComponent(previous?.value ?? '')).toBe('/invite/e2e-invite-existing');
    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Email address or user name').fill('invitee@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('Invitee@12345');
    await page.getByLabel('Password', { exact: true }).press('Enter');

    await expect(page).toHaveURL(/\/invite\/e2e-invite-existing$/);
    await expect(page.getByRole('heading', { name: 'Accept Invitation' })).toBeVisible();
    await page.getByRole('button', { name: 'Accept Invitation' }).click();
    await expectSelection(page);
    expect(await radioNames(page, 'Organization')).toContain('Acme Corporation');

    await page.goto('/invite/e2e-invite-existing');
    await expect(page.getByRole('heading', { name: 'Accepted' })).toBeVisible();
  });

  test('emailNotMatching: signed in as someone else', async ({ page }) => {
    await signIn(page, 'member@e2e.test', 'Member@12345');
    await expect(page).toHaveURL(/\/workspace$/);
    await page.goto('/invite/e2e-invite-mismatch');
    await expect(page.getByRole('heading', { name: 'Email Not Match' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
