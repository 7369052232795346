import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import type { CatalogSource, MessageId } from '../../src/shared/i18n/catalog';
import { pseudoText } from '../../src/shared/i18n/pseudo';
import { authorizationRequest, discover, type ThirdPartyApp } from '../oauth-client';
import { expectAccessibleOnceQuiet } from './helpers';
import { clipped, htmlLanguage, PSEUDO_VIEWPORTS, untranslated, usePseudoLocale } from './pseudo-locale';

// Issue 26: the app's shell in the users' languages: the signed-in header (language picker and menu), the menu's
// dialogs, the 404 page and /authorize (a link without its query, a sign-in and a third party's consent).

const english = JSON.parse(readFileSync(new URL('../../src/shared/i18n/locales/en.json', import.meta.url), 'utf8')) as CatalogSource;

/** A plain message of the catalog as the pseudo-locale shows it. */
const pseudo = (id: MessageId) => pseudoText(english[id] ?? id);

/**
 * What this spec leaves to others: the workspace under the header (its companies' names and logos are names; its own
 * screen is checked in i18n.spec.ts), and the operating system's own name (Troubleshooting's device).
 */
const KEPT = 'main, [translate="no"]';

async function expectAllTranslated(page: Page, except?: string): Promise<void> {
  expect(await untranslated(page, except)).toEqual([]);
  // A visually hidden span (the menu's "(opens in a new tab)") is clipped on purpose: it is read, never seen.
  expect((await clipped(page)).filter((element) => !element.includes('class="visually-hidden"'))).toEqual([]);
}

async function signInMember(page: Page): Promise<void> {
  await page.goto('/login');
  await page.locator('#sign-in-identifier').fill('member@e2e.test');
  await page.locator('#sign-in-password').fill('Member@12345');
  await page.locator('#sign-in-password').press('Enter');
  await expect(page).toHaveURL(/\/workspace$/);
}

async function openMenu(page: Page): Promise<void> {
  await page.locator('.menu-button').click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** Opens a dialog of the menu, checks it, and closes it with Escape. */
async function checkMenuDialog(page: Page, entry: MessageId): Promise<void> {
  await openMenu(page);
  await page.getByRole('menuitem', { name: new RegExp(`^${pseudo(entry)}`) }).click();
  const dialog = page.getByRole('dialog', { name: pseudo(entry) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(pseudo('menu.loadingNotes'))).toHaveCount(0);
  await expectAllTranslated(page, KEPT);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('the shell in the pseudo-locale', () => {
  test.beforeEach(async ({ context, baseURL }) => usePseudoLocale(context, baseURL!));

  for (const viewport of PSEUDO_VIEWPORTS) {
    test(`the header, the menu and its dialogs, the 404 page and /authorize without its query at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInMember(page);
      expect(await htmlLanguage(page)).toEqual(['en-XA', 'ltr']);
      await expect(page.locator('.menu-button')).toHaveText(pseudo('menu.button'));
      await expectAllTranslated(page, KEPT);

      await openMenu(page);
      await expect(page.getByRole('menuitemradio', { name: pseudo('menu.themeSystem') })).toBeVisible();
      // The products' group is named after the company, its entries after the products: names, checked here.
      const products = page.getByRole('group', { name: `Acme Corporation${pseudoText(' products')}` });
      await expect(products.getByRole('menuitem', { name: `HR ${pseudo('menu.newTab')}` })).toBeVisible();
      await expectAllTranslated(page, `${KEPT}, .menu [role="group"]`);
      await page.keyboard.press('Escape');

      await checkMenuDialog(page, 'menu.newRelease');
      await checkMenuDialog(page, 'menu.shortcuts');
      await checkMenuDialog(page, 'menu.troubleshooting');

      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: pseudoText('OOPS! PAGE NOT FOUND') })).toBeVisible();
      await expect(page).toHaveTitle(`${pseudo('title.notFound')} · Suite Portal`);
      await expectAllTranslated(page);

      await page.goto('/authorize');
      await expect(page.getByRole('heading', { name: pseudo('title.authorize') })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(pseudo('message.incompleteLink'));
      await expectAllTranslated(page);
    });
  }

  test('/authorize: an app’s sign-in and a third party’s consent at both widths', async ({ page }) => {
    const partner: ThirdPartyApp = await discover(baseURL, 'e2e-partner', 'https://partner.e2e.test/callback');
    const request = await authorizationRequest(partner);
    await page.goto(request.url.toString());
    await expect(page).toHaveURL(/\/authorize\?uid=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pseudoText('Sign in to ') + 'E2E Partner');
    await expect(page.locator('.authorize-header .lead')).toHaveText(`E2E Partner${pseudoText(' asks to sign you in with your Suite Portal account.')}`);
    // The app's name is the app's own (in the heading, the line under it and the logo's name, checked above).
    const appName = '.authorize-header';
    for (const viewport of PSEUDO_VIEWPORTS) {
      await page.setViewportSize(viewport);
      expect(await untranslated(page, appName)).toEqual([]);
      expect(await clipped(page)).toEqual([]);
    }
    await page.locator('#authorize-identifier').fill('app.partner@e2e.test');
    await page.locator('#authorize-password').fill('Oauth@12345');
    await page.locator('#authorize-password').press('Enter');
    const heading = page.locator('#consent-heading');
    await expect(heading).toBeFocused();
    await expect(heading).toHaveText(`${pseudoText('Allow ')}E2E Partner${pseudoText(' to sign you in?')}`);
    await expect(page.getByText(pseudoText('See your email address'))).toBeVisible();
    // The document title names the app too.
    await expect(page).toHaveTitle(`${pseudoText('Allow ')}E2E Partner? · Suite Portal`);
    for (const viewport of PSEUDO_VIEWPORTS) {
      await page.setViewportSize(viewport);
      expect((await untranslated(page, '.authorize-header')).filter((text) => !text.startsWith('title: '))).toEqual([]);
      expect(await clipped(page)).toEqual([]);
    }
  });
});

test.describe('the shell in Urdu', () => {
  test.beforeEach(async ({ context, baseURL }) => context.addCookies([{ name: 'ubs_lang', value: 'ur', url: baseURL! }]));

  test('the menu reads right to left with no axe violation; the header’s picker changes the language', async ({ page }) => {
    await signInMember(page);
    expect(await htmlLanguage(page)).toEqual(['ur', 'rtl']);
    await page.getByRole('button', { name: 'مینو' }).click();
    await expect(page.getByRole('menu', { name: 'مینو' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /^نئی ریلیز/ })).toBeVisible();
    await expect(page.getByRole('menuitemradio', { name: 'سسٹم کے مطابق' })).toBeVisible();
    await expectAccessibleOnceQuiet(page, 'the menu in Urdu');
    await page.getByRole('menuitem', { name: 'شارٹ کٹس' }).click();
    const shortcuts = page.getByRole('dialog', { name: 'شارٹ کٹس' });
    await expect(shortcuts.getByRole('columnheader', { name: 'یہ کیا کرتی ہیں' })).toBeVisible();
    await expectAccessibleOnceQuiet(page, 'the Shortcuts dialog in Urdu');
    await page.keyboard.press('Escape');

    const picker = page.getByRole('combobox', { name: 'زبان' });
    await expect(picker).toHaveValue('ur');
    await picker.selectOption('hi');
    // The language's chunk loads first.
    await expect.poll(() => htmlLanguage(page)).toEqual(['hi', 'ltr']);
    await expect(page.getByRole('heading', { name: 'संगठन चुनें' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'मेन्यू' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'भाषा' })).toHaveValue('hi');
  });
});
