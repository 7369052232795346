import { expect, type Page } from '@playwright/test';

/** Signs in through the real form, as a person would: type, then press Enter. */
export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address or user name').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** Waits for the workspace's selection screen. */
export async function expectSelection(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByRole('heading', { name: 'Select Organization' })).toBeVisible();
}

/** The accessible names of the radios in a radio group, in screen order, as a screen reader announces them. */
export async function radioNames(page: Page, group: 'Organization' | 'Product'): Promise<string[]> {
  const radiogroup = page.getByRole('radiogroup', { name: group });
  await expect(radiogroup.getByRole('radio').first()).toBeVisible();
  const snapshot = await radiogroup.ariaSnapshot();
  return [...snapshot.matchAll(/- radio "([^"]*)"/g)].map((match) => match[1]!);
}

/** Checks that the browser left the portal for the product's stand-in site at the given path. */
export async function expectProduct(page: Page, product: string, path: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/products/${product}${path.replace(/\//g, '\\/')}$`));
  await expect(page.getByTestId('path')).toHaveText(path);
}

/** Types a six-digit code into the OTP boxes, starting at the first, as a person would. */
export async function typeOtp(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}
