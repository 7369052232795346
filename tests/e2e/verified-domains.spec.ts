import { expect, test } from '@playwright/test';
import { publishTxt } from './dns-service';
import { expectAccessibleOnceQuiet as expectAccessible, expectSelection, signIn } from './helpers';

// Verified domains (issue 25), as an admin does it at a phone's width and by keyboard: add the domain on the console's
// Sign-in page, copy the TXT record it shows, Check now before publishing it (the reason in plain words), publish it
// at the run's DNS server (tests/e2e/dns-service.ts, the server's DNS_SERVERS), check again: verified. Then remove it.

const PASSWORD = 'Console@12345';
const ADMIN = 'console.admin@e2e.test';
const DOMAIN = 'console-works.example';

test('an admin adds a domain, publishes its TXT record and verifies it; a check before publishing says why it failed', async ({ page, context }) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, ADMIN, PASSWORD);
  await expectSelection(page);
  await page.getByRole('link', { name: 'Admin console' }).click();
  const nav = page.getByRole('navigation', { name: 'Console Works administration' });
  const picker = page.getByRole('list', { name: 'Organizations you administer' });
  await expect(nav.or(picker)).toBeVisible();
  if (await picker.isVisible()) await picker.getByRole('link', { name: 'Console Works' }).click();
  await nav.getByRole('link', { name: 'Sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Sign-in · Console Works · Admin console · Suite Portal');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Verified domains', level: 2 })).toBeVisible();
  // By keyboard: the field, then Enter.
  const field = page.getByLabel('Domain', { exact: true });
  await field.focus();
  await page.keyboard.type(`https://${DOMAIN}`);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Enter a domain name such as example\.com/)).toBeVisible();
  await field.fill(DOMAIN.toUpperCase());
  await page.keyboard.press('Enter');

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^${DOMAIN}`) }) });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  const name = `_suite-portal-verification.${DOMAIN}`;
  await expect(card.getByText(name, { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `Copy value of the record for ${DOMAIN}` }).click();
  const value = await page.evaluate(() => navigator.clipboard.readText());
  expect(value).toMatch(/^suite-portal-verification=[A-Za-z0-9_-]{32}$/);
  await expect(card.getByText(value, { exact: true })).toBeVisible();
  // The kit's CopyButton says "— Copied" inside the button for 3 s (axe reads it as part of the visible label).
  await expect(card.getByText('— Copied')).toHaveCount(0, { timeout: 10_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'pending domain');

  // Checked before the record is published: it says so, and stays pending.
  await card.getByRole('button', { name: `Check now: ${DOMAIN}` }).click();
  await expect(card.getByText('Last check failed')).toBeVisible();
  await expect(card.getByText(`No TXT record was found at ${name}.`, { exact: false })).toBeVisible();

  publishTxt(name, ['v=spf1 -all', value]);
  await card.getByRole('button', { name: `Check now: ${DOMAIN}` }).click();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Check now/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'verified domain');

  await card.getByRole('button', { name: `Remove ${DOMAIN}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${DOMAIN}?` });
  await expect(confirm).toContainText('another organization could verify it');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No domains yet.')).toBeVisible();
});
