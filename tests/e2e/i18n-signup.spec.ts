import { expect, test, type Page } from '@playwright/test';
import { pseudoText } from '../../src/shared/i18n/pseudo';
import { installReleaseFeeds } from '../fixtures/release-feeds/install';
import { expectAccessibleOnceQuiet } from './helpers';
import { clipped, htmlLanguage, PSEUDO_VIEWPORTS, untranslated, usePseudoLocale } from './pseudo-locale';

// Sign-up, verification, invitations, change password and downloads in the users' languages (issue 26): in the
// pseudo-locale nothing is left in plain English and nothing is cut off, at both widths; in Urdu the first step of
// the sign-up is right to left, with its phone and email fields left to right, and passes axe.

/** The signed-in header's menu is converted by another round of issue 26. */
const MENU = '.app-header-tools';

/**
 * The page shows no plain English (outside `except`) and cuts no text off. Text meant for screen readers only
 * (`.visually-hidden`: the checklist's '(missing)', a column's name) is clipped to one pixel on purpose.
 */
async function expectConverted(page: Page, except?: string) {
  expect(await untranslated(page, except)).toEqual([]);
  expect((await clipped(page)).filter((element) => !element.startsWith('<span class="visually-hidden"'))).toEqual([]);
}

const submit = (page: Page) => page.locator('main form button[type="submit"]');
/** The pseudo-locale's 'Required*' (the shared schemas' English, shown through the catalog). */
const REQUIRED = pseudoText('Required*');
/** A heading as the pseudo-locale shows it. */
const heading = (page: Page, english: string) => expect(page.getByRole('heading', { level: 1 })).toHaveText(pseudoText(english));

test.describe('the pseudo-locale', () => {
  test.beforeAll(() => installReleaseFeeds(process.env.E2E_UPDATES_DIR!));
  test.beforeEach(async ({ context, baseURL }) => usePseudoLocale(context, baseURL!));

  for (const viewport of PSEUDO_VIEWPORTS) {
    test(`sign-up, verify email and invitations at ${viewport.width}px show no untranslated English and no clipped text`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/register');
      expect(await htmlLanguage(page)).toEqual(['en-XA', 'ltr']);
      await heading(page, 'Create New Account');
      await expect(page).toHaveTitle(`${pseudoText('Create New Account')} · Suite Portal`);
      // Step 1 with its messages: empty fields, then a phone that is too short.
      await submit(page).click();
      await expect(page.getByText(REQUIRED).first()).toBeVisible();
      await page.locator('#sign-up-phone').fill('12');
      await submit(page).click();
      await expect(page.getByText(pseudoText('Phone must be valid.'))).toBeVisible();
      await expectConverted(page);

      // Step 2 with its messages: the company missing, no industry chosen, the terms not accepted.
      await page.locator('#sign-up-first-name').fill('Ada');
      await page.locator('#sign-up-last-name').fill('Lovelace');
      await page.locator('#sign-up-email').fill(`pseudo-${viewport.width}-${Date.now()}@e2e.test`);
      await page.locator('#sign-up-phone').fill('9876543210');
      await page.locator('#sign-up-password').fill('Pseudo@12345');
      await page.locator('#sign-up-confirm').fill('Pseudo@12345');
      await submit(page).click();
      await expect(page.locator('#sign-up-company')).toBeVisible();
      await page.locator('#sign-up-terms').uncheck();
      await submit(page).click();
      await expect(page.getByText(pseudoText('Please agree with Terms & Conditions and Privacy Policy'))).toBeVisible();
      await expect(page.getByText(REQUIRED).first()).toBeVisible();
      await expectConverted(page);

      // Verify Your Email without a known address: the address and the code, both missing.
      await page.goto('/verify-email');
      await heading(page, 'Verify Your Email');
      await submit(page).click();
      await expect(page.getByText(REQUIRED).first()).toBeVisible();
      await expectConverted(page);

      // An invitation to register (its form with its messages), an expired one, and an unknown one.
      await page.goto('/invite/e2e-invite-register');
      await heading(page, 'Create Your Account');
      await submit(page).click();
      await expect(page.getByText(REQUIRED).first()).toBeVisible();
      await expectConverted(page);
      await page.goto('/invite/e2e-invite-expired');
      await heading(page, 'Invitation Expired');
      await expectConverted(page);
      await page.goto('/invite/no-such-invitation');
      await expect(page.getByRole('alert')).toBeVisible();
      await expectConverted(page);
      // A client invitation that does not exist: the server's sentence, through the catalog.
      await page.goto(`/invite-client/${'0'.repeat(36)}`);
      await expect(page.getByRole('alert')).toHaveText(pseudoText('This invitation link is not valid.'));
      await expectConverted(page);
    });

    test(`change password and downloads at ${viewport.width}px show no untranslated English and no clipped text`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // Signed out, the downloads lead back to sign in.
      await page.goto('/downloads');
      await heading(page, 'Download the apps');
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectConverted(page);

      await page.goto('/login');
      await page.locator('#sign-in-identifier').fill('member@e2e.test');
      await page.locator('#sign-in-password').fill('Member@12345');
      await page.locator('#sign-in-password').press('Enter');
      await expect(page).toHaveURL(/\/workspace$/);
      await page.goto('/change-password');
      await heading(page, 'Change Password');
      await expect(page).toHaveTitle(`${pseudoText('Change Password')} · Suite Portal`);
      await submit(page).click();
      await expect(page.getByText(REQUIRED).first()).toBeVisible();
      await expectConverted(page, MENU);

      await page.goto('/downloads');
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectConverted(page, MENU);
    });
  }
});

test.describe('Urdu', () => {
  test.use({ locale: 'ur-PK' });

  test('the first step of the sign-up is right to left, its email and phone left to right, and passes axe', async ({ page }) => {
    await page.goto('/register');
    expect(await htmlLanguage(page)).toEqual(['ur', 'rtl']);
    await expect(page.getByRole('heading', { name: 'نیا اکاؤنٹ بنائیں' })).toBeVisible();
    await expect(page).toHaveTitle('نیا اکاؤنٹ بنائیں · Suite Portal');
    await expect(page.getByLabel('دفتری ای میل')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByLabel('فون نمبر')).toHaveAttribute('dir', 'ltr');
    // The country names are the browser's, in Urdu; the values sent stay the reference list's.
    await expect(page.getByLabel('ملک کا کوڈ').locator('option[value="IN"]')).toHaveText(/^بھارت/);
    // Its messages, in Urdu: empty fields, and a phone too short.
    await page.getByLabel('فون نمبر').fill('12');
    await page.getByRole('button', { name: 'آگے' }).click();
    await expect(page.locator('#sign-up-first-name-message')).toHaveText('ضروری*');
    await expect(page.locator('#sign-up-phone-message')).toHaveText('فون نمبر درست ہونا چاہیے۔');
    await expectAccessibleOnceQuiet(page, '/register in Urdu');
  });
});
