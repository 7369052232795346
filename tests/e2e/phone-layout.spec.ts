import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectSelection, signIn, totp, typeOtp } from './helpers';

// What a phone (390×844) and a laptop (1366×900) show: nothing covered, nothing scrolling sideways, each thing on the
// lines it needs, and axe content with what is on screen (issue 24, "Phone and layout").

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
test.use({ viewport: PHONE });

async function expectAccessible(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`), `axe on ${where}`).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

/** How many lines the text of an element takes on screen. */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const bottoms = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) bottoms.add(Math.round(rect.bottom / 4));
    }
    return bottoms.size;
  });
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the Light/Dark switch and the language picker cover no name of the signed-out screens, on a phone and a laptop', async ({ page }) => {
  for (const viewport of [PHONE, { width: 800, height: 900 }, LAPTOP]) {
    await page.setViewportSize(viewport);
    for (const path of ['/login', '/forgot-password', '/register', '/acme/login']) {
      await page.goto(path);
      const name = page.locator('.auth-aside .brand-name');
      await expect(name).toBeVisible();
      const toggle = page.getByRole('button', { name: 'Dark theme' });
      const [nameBox, toggleBox] = [(await name.boundingBox())!, (await toggle.boundingBox())!];
      expect(overlap(nameBox, toggleBox), `${path} at ${viewport.width}px`).toBe(false);
      // The language picker beside it (issue 26) covers neither the name nor the switch.
      const pickerBox = (await page.getByRole('combobox', { name: 'Language' }).boundingBox())!;
      expect(overlap(nameBox, pickerBox), `${path} at ${viewport.width}px: the picker`).toBe(false);
      expect(overlap(toggleBox, pickerBox), `${path} at ${viewport.width}px: the picker and the switch`).toBe(false);
      await expectNoSidewaysScroll(page);
    }
  }
});

test('on a phone the security center’s tables are cards: Sign out on screen, dates on one or two lines, emails whole', async ({ page, browser }) => {
  test.slow();
  // A second session of the admin's, so the table has a row with Sign out.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, 'admin@e2e.test', 'Admin@12345');
  await expectSelection(otherPage);
  await signIn(page, 'admin@e2e.test', 'Admin@12345');
  await expectSelection(page);

  await page.goto('/account/sessions');
  const sessions = page.getByRole('table', { name: 'Sessions and devices' });
  const signOut = sessions.getByRole('button', { name: /^Sign out / }).first();
  await expect(signOut).toBeVisible();
  await expectNoSidewaysScroll(page);
  const box = (await signOut.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  // A row is a card: its cells stack, each value beside its column's title.
  const card = sessions.getByRole('row').nth(1);
  const cells = card.getByRole('cell');
  const [first, second] = [(await cells.nth(0).boundingBox())!, (await cells.nth(1).boundingBox())!];
  expect(second.y).toBeGreaterThanOrEqual(first.y + first.height - 1);
  await expect(cells.nth(4).locator('.data-table-label')).toHaveText('Signed in');
  expect(await linesOf(cells.nth(4).locator('.data-table-value'))).toBeLessThanOrEqual(2);
  await expectAccessible(page, '/account/sessions on a phone');

  await page.goto('/account/organization-audit');
  const audit = page.getByRole('table', { name: 'Acme Corporation audit' });
  await expect(audit.getByRole('row').nth(1)).toBeVisible();
  await expectNoSidewaysScroll(page);
  const times = audit.locator('tbody time');
  for (let index = 0; index < Math.min(await times.count(), 5); index += 1) expect(await linesOf(times.nth(index))).toBeLessThanOrEqual(2);
  const emails = audit.locator('tbody td .data-table-value').filter({ hasText: /@e2e\.test/ });
  expect(await emails.count()).toBeGreaterThan(0);
  for (let index = 0; index < Math.min(await emails.count(), 5); index += 1) {
    const unbroken = await emails.nth(index).evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.textContent!.matchAll(/\S+@\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom))).size > 1) return false;
        }
      }
      return true;
    });
    expect(unbroken).toBe(true);
  }
  await expectAccessible(page, '/account/organization-audit on a phone');
  await other.close();
});

for (const [viewport, label] of [
  [LAPTOP, 'at 1366×900'],
  [PHONE, 'on a phone'],
] as const) {
  test(`the admin’s menu fits ${label}, and axe finds nothing with it open in both themes`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'admin@e2e.test', 'Admin@12345');
    await expectSelection(page);
    await page.getByRole('radio', { name: 'Acme Corporation' }).check();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.getByRole('button', { name: 'Menu' }).press('Enter');
      const menu = page.getByRole('menu', { name: 'Menu' });
      await expect(menu).toBeVisible();
      const box = (await menu.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      // Nothing inside is cut off: the menu is as tall as what it holds.
      expect(await menu.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
      const last = menu.getByRole('menuitem', { name: 'Support' });
      const lastBox = (await last.boundingBox())!;
      expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(box.y + box.height);
      await expectAccessible(page, `the open menu ${label}, ${scheme} theme`);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
  });
}

test('the menu of a window too short for it scrolls as a whole, and the keyboard reaches it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 480 });
  await signIn(page, 'admin@e2e.test', 'Admin@12345');
  await expectSelection(page);
  await page.getByRole('button', { name: 'Menu' }).press('Enter');
  const menu = page.getByRole('menu', { name: 'Menu' });
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(480);
  await expect(menu).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Support' })).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'Support' })).toBeInViewport();
  await expectAccessible(page, 'the open menu in a short window');
});

test('authenticator setup on a phone: the key in groups of four on two lines beside Copy, one confirmation; after a recovery code, a way on', async ({ page }) => {
  test.slow();
  await signIn(page, 'mfa.phone@e2e.test', 'Factor@12345');
  await expect(page).toHaveURL(/\/setup-multi-factor$/);
  const key = page.getByTestId('mfa-secret');
  await expect(key).toBeVisible();
  const issued = (await key.textContent())!;
  expect(await key.locator('.secret-group').allTextContents()).toEqual(issued.match(/.{1,4}/g));
  expect(await key.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/mono/i);
  expect(await linesOf(key)).toBeLessThanOrEqual(2);
  for (const group of await key.locator('.secret-group').all()) expect(await linesOf(group)).toBe(1);
  // Copy sits beside the key, and the recovery code's Copy and Download side by side.
  const [keyBox, copyBox] = [(await key.boundingBox())!, (await page.getByRole('button', { name: 'Copy secret key' }).boundingBox())!];
  expect(copyBox.y).toBeLessThan(keyBox.y + keyBox.height);
  const [copyCode, download] = [(await page.getByRole('button', { name: 'Copy recovery code' }).boundingBox())!, (await page.getByRole('link', { name: 'Download recovery code' }).boundingBox())!];
  expect(Math.abs(copyCode.y - download.y)).toBeLessThan(2);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, '/setup-multi-factor on a phone');

  await typeOtp(page, totp(issued));
  await expect(page.getByRole('status').filter({ hasText: 'OTP verified successfully' })).toBeVisible();
  // Said once: no toast besides the line under the boxes.
  await page.waitForTimeout(500);
  await expect(page.getByText('OTP verified successfully')).toHaveCount(1);
  const recoveryCode = (await page.getByTestId('mfa-recovery-code').textContent())!.trim();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectSelection(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  await signIn(page, 'mfa.phone@e2e.test', 'Factor@12345');
  await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
  await page.getByRole('link', { name: 'Add Recovery Code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/setup-multi-factor$/);
  await expect(page.getByTestId('new-recovery-code')).toBeVisible();
  await page.getByRole('link', { name: 'Continue without changes' }).click();
  await expectSelection(page);
});

test('the multi-factor screen’s footer: a new code and the recovery code on two lines', async ({ page }) => {
  await signIn(page, 'mfa.mail@e2e.test', 'Factor@12345');
  await expect(page).toHaveURL(/\/(setup-multi-factor|multi-factor-authenticate)$/);
  if (page.url().endsWith('/setup-multi-factor')) await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
  const resend = page.getByRole('button', { name: /^Resend OTP in \d+s$/ });
  const recovery = page.getByRole('link', { name: 'Add Recovery Code' });
  await expect(page.getByRole('paragraph').filter({ has: resend })).toHaveText(/^Did not get it\? Resend OTP in \d+s$/);
  await expect(page.getByRole('paragraph').filter({ has: recovery })).toHaveText('Lost your device? Add Recovery Code');
  const [resendBox, recoveryBox] = [(await resend.boundingBox())!, (await recovery.boundingBox())!];
  expect(recoveryBox.y).toBeGreaterThanOrEqual(resendBox.y + resendBox.height);
  await expectAccessible(page, '/multi-factor-authenticate on a phone');
});
