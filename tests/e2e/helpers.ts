import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

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

// Codes come from an independent RFC 6238 library, from the secret as the screen shows it.
export const totp = (secret: string, offsetSeconds = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

/**
 * On /setup-multi-factor with the authenticator option on: verifies a code and saves; returns what the screen showed.
 * `staysInPortal: false` when saving leads straight out to a product (one product in one organization): the page
 * leaves before the success toast can be read, and the caller checks where it landed instead.
 */
export async function setUpAuthenticator(page: Page, { staysInPortal = true } = {}): Promise<{ secret: string; recoveryCode: string }> {
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
  if (staysInPortal) await expect(page.getByRole('status').filter({ hasText: 'Multi-Factor Authentication Setup Successfully' })).toBeVisible();
  return { secret, recoveryCode };
}

export async function logout(page: Page): Promise<void> {
  // Logout ends with a full load of /login; wait for that load, not just the address.
  await Promise.all([page.waitForURL(/\/login$/, { waitUntil: 'load' }), page.getByRole('button', { name: 'Logout' }).click()]);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
}

/** axe finds nothing on `page` (named `state` in the failure), once the toasts have closed (one fading out is caught mid-transition). */
export async function expectAccessibleOnceQuiet(page: Page, state: string): Promise<void> {
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByRole('status')).toHaveCount(0, { timeout: 15_000 });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => `${state}: ${id} (${nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}
