import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleOnceQuiet } from './helpers';
import { pseudoText as xa } from '../../src/shared/i18n/pseudo';
import { clipped, htmlLanguage, PSEUDO_VIEWPORTS, untranslated, usePseudoLocale } from './pseudo-locale';

// The admin console's apps, company sign-in, verified domains, SCIM and branding sections (issue 26) in the
// pseudo-locale at both widths, the app dialog with a validation error and an app's secret included: no text left in
// English, none cut off. Then the sign-in section in Urdu (right to left, the TXT record left to right). Console
// Works' admin (fixtures/seed.json); what the spec adds (an app, a domain) it removes again.

const PASSWORD = 'Console@12345';
const ADMIN = 'console.admin@e2e.test';
/** Named in a script of their own, so no check mistakes them for English. */
const APP = 'परीक्षण ऐप';
const DOMAIN = 'i18n-apps.example';

/**
 * What other helpers convert (the console's frame: header, navigation, heading and title; the kit's dialogs and
 * table), and what is never translated: the company's name and the domain, which the sections name; values the
 * server issued or the admin typed (URIs, ids, tokens) are left to right and skipped by `[dir="ltr"]`.
 */
const NOT_OURS = '.app-header-tools, .skip-link, .area-header, .area-nav, #area-main > h1, #area-main > .area-intro, .modal-close, .modal-footer .button-secondary, .pagination, [dir="ltr"]';
const NAMES = ['Console Works', DOMAIN];

/** The untranslated texts of our sections, the names they show taken out. */
async function english(page: Page): Promise<string[]> {
  const found = await untranslated(page, NOT_OURS);
  return found.filter((text) => {
    if (text.startsWith('title: ')) return false;
    const rest = NAMES.reduce((left, name) => left.split(name).join(''), text.replace(/^(aria-label|placeholder|title|alt)="(.*)"$/, '$2'));
    return /[A-Za-z]{2,}/.test(rest);
  });
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.locator('#sign-in-identifier').fill(ADMIN);
  await page.locator('#sign-in-password').fill(PASSWORD);
  await page.locator('#sign-in-password').press('Enter');
  await expect(page).toHaveURL(/\/workspace$/);
  // Into the console by its links (no reload): the workspace header's, then the organization's when it asks.
  await page.locator('a[href="/admin"]').first().click();
  const organization = page.locator('a[href^="/admin/consoleco"]');
  const section = page.locator('a[href="/admin/consoleco/apps"]');
  await expect(organization.or(section).first()).toBeVisible({ timeout: 30_000 });
  if (!(await section.isVisible())) await organization.first().click();
  await expect(section).toBeVisible({ timeout: 30_000 });
}

/** One of the console's sections, by its link in the navigation. */
async function open(page: Page, section: 'apps' | 'sign-in' | 'branding'): Promise<void> {
  await page.locator(`a[href="/admin/consoleco/${section}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/consoleco/${section}$`));
}

/** No plain English, and nothing cut off (pseudo-locale.ts's `clipped`: text for screen readers only and boxes that scroll are not). */
async function expectAllOurs(page: Page, state: string): Promise<void> {
  expect(await english(page), state).toEqual([]);
  expect(await clipped(page), state).toEqual([]);
}

test.describe('the pseudo-locale', () => {
  test.beforeEach(async ({ context, baseURL }) => usePseudoLocale(context, baseURL!));

  for (const viewport of PSEUDO_VIEWPORTS) {
    test(`the apps, sign-in and branding sections at ${viewport.width}px show no untranslated English and no clipped text`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await signIn(page);
      expect(await htmlLanguage(page)).toEqual(['en-XA', 'ltr']);

      // Apps: the list, the dialog with a validation error, then a registered app's secret.
      await open(page, 'apps');
      const register = page.getByRole('button', { name: xa('Register an app') });
      await expect(register).toBeVisible({ timeout: 20_000 });
      await expectAllOurs(page, 'apps');
      await register.click();
      const dialog = page.getByRole('dialog', { name: xa('Register an app') });
      await dialog.getByLabel(xa('App name')).fill(APP);
      await dialog.locator('#app-redirect-uris').fill('not a web address');
      await dialog.getByRole('button', { name: xa('Register'), exact: true }).click();
      await expect(dialog.getByText(xa('Line 1: Redirect URI must be valid.'))).toBeVisible();
      await expectAllOurs(page, 'the app dialog');
      await dialog.locator('#app-redirect-uris').fill('https://i18n.e2e.test/callback');
      await dialog.getByRole('button', { name: xa('Register'), exact: true }).click();
      const secret = page.getByRole('dialog', { name: new RegExp(APP) });
      await expect(secret.getByTestId('app-client-secret')).toBeVisible();
      await expectAllOurs(page, 'the secret');
      await secret.getByRole('button', { name: xa('Done, I have kept it') }).click();
      await expect(secret).toBeHidden();
      await expectAllOurs(page, 'apps with one registered');
      await page.getByRole('button', { name: xa(`Delete ${APP}`) }).click();
      await page.getByRole('alertdialog').getByRole('textbox').fill('DELETE');
      await page.getByRole('alertdialog').getByRole('button', { name: xa('Delete') }).click();
      await expect(page.getByRole('button', { name: xa(`Delete ${APP}`) })).toBeHidden();

      // Sign-in: company sign-in (both protocols' forms), a pending domain with its TXT record, SCIM.
      await open(page, 'sign-in');
      await expect(page.getByRole('heading', { name: xa('Verified domains'), level: 2 })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: xa('Add connection') }).click();
      await expect(page.getByText(xa('Give the connection a name.'))).toBeVisible();
      await expectAllOurs(page, 'sign-in, OpenID Connect');
      await page.locator('#sso-kind').selectOption('saml');
      await expectAllOurs(page, 'sign-in, SAML');
      await page.locator('#domain-claim').fill(DOMAIN);
      await page.locator('#domain-claim').press('Enter');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^${DOMAIN}`) }) });
      await expect(card.getByText(xa('Pending'), { exact: true })).toBeVisible();
      await expectAllOurs(page, 'a pending domain');
      await card.getByRole('button', { name: `${xa('Remove')} ${DOMAIN}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: xa('Remove') }).click();
      await expect(card).toBeHidden();

      // Branding.
      await open(page, 'branding');
      await expect(page.locator('#branding-company')).toBeVisible({ timeout: 20_000 });
      await page.locator('#branding-company').fill('');
      await page.getByRole('button', { name: xa('Save') }).click();
      await expect(page.getByText(xa('Required*'))).toBeVisible();
      await expectAllOurs(page, 'branding');
    });
  }
});

test.describe('Urdu', () => {
  test.use({ locale: 'ur-PK' });

  test('the sign-in section reads right to left, its TXT record and URLs left to right', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    expect(await htmlLanguage(page)).toEqual(['ur', 'rtl']);
    await open(page, 'sign-in');
    await expect(page.getByRole('heading', { name: 'تصدیق شدہ ڈومینز', level: 2 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'کمپنی سائن اِن', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'SCIM پروویژننگ', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ڈومین شامل کریں' })).toBeVisible();
    await expect(page.locator('#domain-claim')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('#sso-issuer')).toHaveAttribute('dir', 'ltr');
    await expectAccessibleOnceQuiet(page, 'the sign-in section in Urdu');
  });
});
