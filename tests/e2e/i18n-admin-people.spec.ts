import { PRODUCT_LABELS } from '../../src/shared/products';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleOnceQuiet } from './helpers';
import { clipped, htmlLanguage, PSEUDO_VIEWPORTS, untranslated, usePseudoLocale } from './pseudo-locale';

// The admin console's frame, members, invitations and security policy in other languages (issue 26): the picker, the
// members list and a member's dialog, both invite forms with their validation messages, and the security section,
// in the pseudo-locale at both widths (no plain English, nothing clipped), and in Hindi and Urdu. Read-only: nothing is
// sent, so admin-console.spec.ts's walk through the same organization is unaffected. User console.admin@e2e.test
// (fixtures/seed.json), admin of consoleco (Console Works) and fenceco, so /admin shows the picker.

const ADMIN = 'console.admin@e2e.test';
const PASSWORD = 'Console@12345';

/**
 * What these sections do not convert: the signed-in header's menu and the UI kit's own texts (who is signed in and the
 * skip link of the area layout, the tables' pagination, the dialogs' close button, the confirm dialog's typed word and
 * buttons, the file picker), converted elsewhere in issue 26; the tables' names and addresses are data.
 */
const NOT_OURS = [
  '.app-header-tools',
  '.area-signed-in',
  '.skip-link',
  '.pagination',
  '.modal-close',
  '.file-upload',
  // What the admin typed and the CSV sample: data, not texts of the screen.
  '#invite-list',
  '#ip-ranges',
  '.admin-sample',
].join(', ');

/**
 * Signs in by the fields' ids (their labels are in the language shown) and opens the console from the workspace's
 * header, as admin-console.spec.ts does: the picker, since the admin has two organizations; or Console Works' members
 * at once when Fence Partners is hidden from this address (admin-console.spec.ts's IP-range test, when it ran first).
 */
async function openConsole(page: Page): Promise<void> {
  await page.goto('/login');
  await page.locator('#sign-in-identifier').fill(ADMIN);
  await page.locator('#sign-in-password').fill(PASSWORD);
  await page.locator('#sign-in-password').press('Enter');
  await expect(page).toHaveURL(/\/workspace$/, { timeout: 30_000 });
  await page.locator('.workspace-topbar-links a[href="/admin"]').click();
  await expect(page.locator('.admin-org-list, .area-nav').first()).toBeVisible({ timeout: 30_000 });
}

/** From the picker, Console Works' members (already there when the picker was skipped). */
async function toConsoleWorks(page: Page): Promise<void> {
  const picker = page.locator('.admin-org-list');
  if (await picker.isVisible()) await picker.locator('a[href="/admin/consoleco/members"]').click();
  await expect(page).toHaveURL(/\/admin\/consoleco\/members$/);
}

/**
 * Names, which stay as they are in every language: the brand's, the seed's organizations and people, and user names
 * (client.console, whom admin-console.spec.ts invites, when it ran first).
 */
const NAMES = /Suite Portal|Console Works|Fence Partners|Cora Console|Milo Member|\b[a-z0-9]+(\.[a-z0-9]+)+\b/g;

async function expectAllTranslated(page: Page, state: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const found = await untranslated(page, NOT_OURS);
  // The modal's own dismiss control (the dialog library's, converted with the kit) is left out too.
  // A problem quotes what the admin typed (“Nope”, or a line in parentheses) and names the products, which are names.
  const products = new RegExp(Object.values(PRODUCT_LABELS).join('|'), 'g');
  const plain = (text: string) =>
    text.replace(/[\w.+-]+@[\w.-]+/g, '').replace(NAMES, '').replace(products, '').replace(/“[^”]*”|\([^)]*\)/g, '').replace(/^(title: |[a-z-]+=)/, '');
  expect(found.filter((text) => text !== 'Dismiss popup' && /[A-Za-z]{2,}/.test(plain(text))), state).toEqual([]);
  expect(await clipped(page), state).toEqual([]);
}

test.describe('the admin console in the pseudo-locale', () => {
  test.beforeEach(async ({ context, baseURL }) => usePseudoLocale(context, baseURL!));

  for (const viewport of PSEUDO_VIEWPORTS) {
    test(`picker, members, a member's dialog, invitations and security at ${viewport.width}px: no plain English, nothing clipped`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await openConsole(page);
      expect(await htmlLanguage(page)).toEqual(['en-XA', 'ltr']);

      // The picker, when it shows (see openConsole).
      if (await page.locator('.admin-org-list').isVisible()) await expectAllTranslated(page, 'picker');

      // The members list (server-paged), then a member's dialog.
      await toConsoleWorks(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ṁééɱƀééŕš');
      await expect(page).toHaveTitle('Ṁééɱƀééŕš · Console Works · ÁÁðɱííñ çóóñšóóļéé · Suite Portal');
      await expect(page.locator('.admin-row-actions').first()).toBeVisible();
      await expectAllTranslated(page, 'members');
      await page.locator('.admin-row-actions button').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('#member-role')).toBeVisible();
      await expectAllTranslated(page, 'member dialog');
      await dialog.locator('.modal-footer button').first().click();
      await expect(dialog).toBeHidden();

      // The invitations: one form's validation message (the shared schema's English, through the catalog), and the
      // invite-many list's row messages.
      await page.locator('.area-nav a[href="/admin/consoleco/invitations"]').click();
      await expect(page.locator('#invite-email')).toBeVisible();
      await page.locator('form[aria-labelledby="invite-one-title"] button[type="submit"]').click();
      await expect(page.locator('#invite-email-message')).toHaveText('Ŕééǫúúííŕééð*');
      await page.locator('#invite-email').fill('nope');
      await page.locator('form[aria-labelledby="invite-one-title"] button[type="submit"]').click();
      await expect(page.locator('#invite-email-message')).toHaveText('ÉÉɱááííļ ɱúúšţ ƀéé ṽááļííð.');
      await page.locator('#invite-list').fill('email,role,products\nada@example.com,member,Nope\n,client,\nada@example.com,member,');
      await page.locator('section[aria-labelledby="invite-many-title"] .actions button').first().click();
      await expect(page.locator('.admin-problems li')).toHaveCount(2);
      await page.locator('.admin-details summary').click();
      await expect(page.locator('.admin-sample')).toBeVisible();
      await expectAllTranslated(page, 'invitations');

      // The security policy: second factor and IP ranges, with a bad line.
      await page.locator('.area-nav a[href="/admin/consoleco/security"]').click();
      await expect(page.locator('#ip-ranges')).toBeVisible();
      await page.locator('#ip-ranges').fill('10.0.0.0/8\nnot a range');
      await page.locator('#ip-ranges').locator('xpath=ancestor::form').locator('button[type="submit"]').click();
      await expect(page.locator('.admin-problems li')).toHaveCount(1);
      await expectAllTranslated(page, 'security');
    });
  }
});

test.describe('the admin console in Hindi and Urdu', () => {
  test('Hindi: the members heading, the navigation and the invite button; Urdu: right to left, addresses left to right, axe', async ({ context, baseURL, page }) => {
    test.setTimeout(120_000);
    await context.addCookies([{ name: 'ubs_lang', value: 'hi', url: baseURL! }]);
    await openConsole(page);
    await toConsoleWorks(page);
    await expect(page.getByRole('heading', { level: 1, name: 'सदस्य' })).toBeVisible();
    await expect(page).toHaveTitle('सदस्य · Console Works · एडमिन कंसोल · Suite Portal');
    const nav = page.getByRole('navigation', { name: 'Console Works का प्रबंधन' });
    await nav.getByRole('link', { name: 'आमंत्रण' }).click();
    await expect(page.getByRole('form', { name: 'एक व्यक्ति को आमंत्रित करें' }).getByRole('button', { name: 'आमंत्रण भेजें' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'सभी आमंत्रण भेजें' })).toBeVisible();

    // Urdu: the page turns right to left; the ranges' box stays left to right.
    await context.addCookies([{ name: 'ubs_lang', value: 'ur', url: baseURL! }]);
    await page.goto('/workspace');
    await page.locator('.workspace-topbar-links a[href="/admin"]').click({ timeout: 30_000 });
    await expect(page.locator('.admin-org-list, .area-nav').first()).toBeVisible({ timeout: 30_000 });
    await toConsoleWorks(page);
    expect(await htmlLanguage(page)).toEqual(['ur', 'rtl']);
    await page.locator('.area-nav a[href="/admin/consoleco/security"]').click();
    await expect(page.getByRole('heading', { level: 1, name: 'سیکیورٹی پالیسی' })).toBeVisible();
    await expect(page.locator('#ip-ranges')).toHaveAttribute('dir', 'ltr');
    await expectAccessibleOnceQuiet(page, 'security in Urdu');
  });
});
