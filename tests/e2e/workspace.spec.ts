import { expect, test } from '@playwright/test';
import { expectProduct, expectSelection, radioNames, signIn } from './helpers';

const ALL_TILES = ['HR', 'Chat', 'Project', 'Payroll', 'Survey', 'Applicant tracking', 'Assets', 'Performance'];

test('an admin sees every planned product, the default HR, and lands on the HR dashboard', async ({ page }) => {
  await signIn(page, 'admin@e2e.test', 'Admin@12345');
  await expectSelection(page);
  // Hidden Ltd only admits 192.0.2.0/24, so it is not offered from here.
  expect(await radioNames(page, 'Organization')).toEqual(['Acme Corporation', 'Globex Industries']);
  await expect(page.getByRole('radio', { name: 'Acme Corporation' })).toBeChecked();
  expect(await radioNames(page, 'Product')).toEqual(ALL_TILES);
  await expect(page.getByRole('radio', { name: 'HR' })).toBeChecked();
  await expect(page.getByText('Select the organization and HR product which you wish to access now.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expectProduct(page, 'hrms', '/acme/dashboard');
});

test('tiles follow the chosen organization, and the organization entered is preselected next time', async ({ page }) => {
  await signIn(page, 'admin@e2e.test', 'Admin@12345');
  await expectSelection(page);
  await page.getByRole('radio', { name: 'Globex Industries' }).check();
  // In Globex the admin is a member with Chat only.
  expect(await radioNames(page, 'Product')).toEqual(['Chat']);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectProduct(page, 'chat', '/globex');

  await page.goto('/workspace');
  await expectSelection(page);
  await expect(page.getByRole('radio', { name: 'Globex Industries' })).toBeChecked();
});

test('a member sees only the products of the plan they were given, never Survey', async ({ page }) => {
  await signIn(page, 'member@e2e.test', 'Member@12345');
  await expectSelection(page);
  expect(await radioNames(page, 'Product')).toEqual(['HR', 'Chat']);
  await page.getByRole('radio', { name: 'Chat' }).check();
  await expect(page.getByText('Select the organization and Chat product which you wish to access now.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expectProduct(page, 'chat', '/acme');
});

test('a client sees only Project, chosen by default, in each organization', async ({ page }) => {
  await signIn(page, 'client@e2e.test', 'Client@12345');
  await expectSelection(page);
  expect(await radioNames(page, 'Organization')).toEqual(['Acme Corporation', 'Globex Industries']);
  expect(await radioNames(page, 'Product')).toEqual(['Project']);
  await expect(page.getByRole('radio', { name: 'Project' })).toBeChecked();
  await page.getByRole('radio', { name: 'Globex Industries' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expectProduct(page, 'pms', '/globex');
});

test('a user with exactly one product goes straight to it', async ({ page }) => {
  await signIn(page, 'solo@e2e.test', 'Solo@123456');
  await expectProduct(page, 'chat', '/solo');
});

test('a user whose only organization excludes this address sees the no-organization message', async ({ page }) => {
  await signIn(page, 'nobody@e2e.test', 'Nobody@12345');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page.getByText("Either you are not a member of any organization or your system IP address doesn't fall under defined IP range criteria.")).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a member without product access is told to ask for it and can reload', async ({ page }) => {
  await signIn(page, 'noaccess@e2e.test', 'NoAccess@123');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page.getByText('Please contact the system administrator to get product access.')).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByText('Please contact the system administrator to get product access.')).toBeVisible();
});

test('works by keyboard alone: sign in, choose a product with the arrow keys, press Next', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address or user name').focus();
  await page.keyboard.type('member@e2e.test');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Member@12345');
  await page.keyboard.press('Enter');
  await expectSelection(page);
  await page.getByRole('radio', { name: 'HR' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Chat' })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expectProduct(page, 'chat', '/acme');
});
