import { expect, test, type Page } from '@playwright/test';
import { expectSelection, logout, signIn, typeOtp } from './helpers';
import { codeIn, linkIn, mailCount, waitForMail, withCode } from './mail';

// Issue 23 §3: "Don't ask again on this device for 30 days", its revocation, and the new-device mail.

const EMAIL = 'trusted.device@e2e.test';
const PASSWORD = 'Factor@12345';
const NEW_PASSWORD = 'Trusted@67890';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** On /multi-factor-authenticate: the mailed code, with the box ticked or not. */
async function passMailedCode(page: Page, since: number, remember: boolean): Promise<void> {
  await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
  const box = page.getByRole('checkbox', { name: "Don't ask again on this device for 30 days" });
  await expect(box).not.toBeChecked();
  if (remember) await box.check();
  await typeOtp(page, codeIn(await waitForMail(EMAIL, since, withCode)));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectSelection(page);
}

test('a trusted device skips the work email code until it is revoked or the password is reset; a new device is mailed about', async ({ page, browser }) => {
  // The company requires work email codes: set up, then the code with the box ticked.
  await signIn(page, EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/setup-multi-factor$/);
  let since = await mailCount();
  await page.getByRole('button', { name: 'Save' }).click();
  await passMailedCode(page, since, true);
  const cookie = (await page.context().cookies()).find((item) => item.name === 'portal_device');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('portal_device');

  // Signed out and in again: no code is asked.
  await logout(page);
  since = await mailCount();
  await signIn(page, EMAIL, PASSWORD);
  await expectSelection(page);

  // Another browser on another system is a new device: the owner gets a mail, and it asks for the code.
  const other = await browser.newContext({ userAgent: SAFARI });
  const elsewhere = await other.newPage();
  const beforeElsewhere = await mailCount();
  await signIn(elsewhere, EMAIL, PASSWORD);
  await expect(elsewhere).toHaveURL(/\/multi-factor-authenticate$/);
  await passMailedCode(elsewhere, beforeElsewhere, false);
  const alert = await waitForMail(EMAIL, beforeElsewhere, (mail) => mail.subject.startsWith('New sign-in'));
  expect(alert.text).toContain('Device: Safari 17 on macOS Sonoma');
  expect(linkIn(alert, '/not-me/')).toMatch(/\/not-me\/[A-Za-z0-9_-]{43}$/);
  await other.close();
  // The trusted browser's own sign-ins were never news.
  const earlier = await fetch(`http://127.0.0.1:${process.env.E2E_MAIL_PORT}/messages`).then((response) => response.json() as Promise<{ to: string[]; subject: string }[]>);
  expect(earlier.slice(since).filter((mail) => mail.to.includes(EMAIL) && mail.subject.startsWith('New sign-in'))).toHaveLength(1);

  // Stop trusting it in the security center: the code is asked again.
  await page.goto('/account/sessions');
  const section = page.getByRole('region', { name: 'Trusted devices' });
  await expect(page.getByRole('heading', { level: 2, name: 'Trusted devices' })).toBeVisible();
  await expect(section.getByRole('cell', { name: /^Chrome/ })).toBeVisible();
  await page.getByRole('button', { name: /^Stop trusting Chrome/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Stop trusting this device?' });
  await dialog.getByRole('button', { name: 'Stop trusting' }).click();
  await expect(page.getByText(/is no longer trusted\.$/)).toBeVisible();
  await expect(section.getByText('No data to display')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop trusting all' })).toBeDisabled();
  await logout(page);
  since = await mailCount();
  await signIn(page, EMAIL, PASSWORD);
  await passMailedCode(page, since, true);

  // Trusted again; a password reset forgets it.
  await logout(page);
  since = await mailCount();
  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByLabel('Email address').press('Enter');
  await page.goto(linkIn(await waitForMail(EMAIL, since, (mail) => mail.text.includes('/reset/')), '/reset/'));
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();
  since = await mailCount();
  await signIn(page, EMAIL, NEW_PASSWORD);
  await passMailedCode(page, since, false);
});
