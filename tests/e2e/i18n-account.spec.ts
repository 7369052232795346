import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { pseudoMessage } from '../../src/shared/i18n/pseudo';
import { expectAccessibleOnceQuiet } from './helpers';
import { clipped, htmlLanguage, PSEUDO_VIEWPORTS, untranslated, usePseudoLocale } from './pseudo-locale';

// The security center (/account/*) and the shared table kit in the users' languages (issue 26): every section in the
// pseudo-locale at a desktop's and a phone's width, with no plain English left and no text cut off; the sign-in
// history in Hindi, its times as Intl writes them in Hindi; the sessions right to left in Urdu, with axe.
// admin@e2e.test administers Acme Corporation, so the Organization audit section is there too.

const ENGLISH = JSON.parse(readFileSync('src/shared/i18n/locales/en.json', 'utf8')) as Record<string, string>;
/** A message as the pseudo-locale shows it (the catalogs' English, made pseudo as the build makes it). */
const pseudo = (id: string) => pseudoMessage(ENGLISH[id]!);

const ADMIN = { email: 'admin@e2e.test', password: 'Admin@12345' };

/**
 * What is data, not the portal's words, and so stays as it was: the header's menu (converted by another round), the
 * server's records of a browser and system or an event's detail (marked lang="en"), and the members' names. And the
 * shared area page's skip link and "Signed in as" (ui/area-layout.tsx, the admin console's too): not this round's.
 */
const NOT_OURS = '.app-header-tools, [lang="en"], .audit-member, .skip-link, .area-signed-in';
/** A company's name is never translated: it may stand inside a translated sentence ("Acme Corporation audit"). */
const COMPANY = 'Acme Corporation';

/**
 * `untranslated`, with the company's name and the data on the page (a device's record inside a button's name: "Sign
 * out Chrome 126 on Linux, …") taken out of what it found.
 */
async function untranslatedHere(page: Page): Promise<string[]> {
  const found = await untranslated(page, NOT_OURS);
  const data = [COMPANY, ...(await page.locator('[lang="en"]').allTextContents())].filter((text) => text.trim() !== '');
  const words = (text: string) => data.reduce((rest, item) => rest.replaceAll(item, ''), text).replace(/^(aria-label|title|placeholder|alt)="|^title: /, '');
  return found.filter((text) => /[A-Za-z]{2,}/.test(words(text)));
}

/**
 * `clipped`, leaving out what is hidden on purpose for the eye and kept for screen readers (the tables' captions, and
 * on a phone the header cells the cards repeat as labels): 1 px boxes, clipped by design, that no reader sees cut.
 */
async function clippedHere(page: Page): Promise<string[]> {
  // Through the CSSOM: the portal's Content-Security-Policy refuses a <style> element added by a script.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width > 1 || box.height > 1 || style.position !== 'absolute' || (style.clip === 'auto' && style.clipPath === 'none')) continue;
      element.dataset.screenReaderOnly = '';
      element.style.setProperty('display', 'none', 'important');
    }
  });
  try {
    return await clipped(page);
  } finally {
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>('[data-screen-reader-only]')) {
        element.style.removeProperty('display');
        delete element.dataset.screenReaderOnly;
      }
    });
  }
}

/** Signs in through the form by its fields' ids, so it works in any language. */
async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.locator('#sign-in-identifier').fill(ADMIN.email);
  await page.locator('#sign-in-password').fill(ADMIN.password);
  await page.locator('#sign-in-password').press('Enter');
  await expect(page).toHaveURL(/\/workspace$/);
}

/** Opens a section and waits until its content (a table's rows, a list) has settled. */
async function openSection(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  // The first section brings the security center's chunk: give a loaded machine time.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 60_000 });
  // Loading: a table's skeleton (aria-busy) or a section's status line ("Loading…").
  await expect(page.locator('#area-main [aria-busy="true"], #area-main [role="status"]')).toHaveCount(0, { timeout: 60_000 });
}

// Several sign-ins and sections per test: more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

test.describe('the security center in the pseudo-locale', () => {
  test.beforeEach(async ({ context, baseURL }) => usePseudoLocale(context, baseURL!));

  for (const viewport of PSEUDO_VIEWPORTS) {
    test(`every section at ${viewport.width}px shows no untranslated English and no clipped text`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page);
      expect(await htmlLanguage(page)).toEqual(['en-XA', 'ltr']);
      for (const [path, heading] of [
        ['/account/sessions', 'account.sessionsTitle'],
        ['/account/history', 'account.historyTitle'],
        ['/account/second-factor', 'account.secondFactorTitle'],
        ['/account/connected-apps', 'account.connectedAppsTitle'],
        ['/account/passkeys', 'account.passkeysTitle'],
        ['/account/organization-audit', 'account.orgAuditTitle'],
      ] as const) {
        await openSection(page, path, pseudo(heading));
        expect(await untranslatedHere(page), path).toEqual([]);
        expect(await clippedHere(page), path).toEqual([]);
      }
      // The audit's filters, with the range refused, and the Event list's headings.
      await page.locator('#org-audit-from').fill('2026-03-02');
      await page.locator('#org-audit-to').fill('2026-03-01');
      await expect(page.locator('#org-audit-to-message')).not.toBeEmpty();
      expect(await page.locator('#org-audit-kind optgroup').evaluateAll((groups) => groups.map((group) => group.getAttribute('label')))).toEqual([
        pseudo('account.groupSignIn'),
        pseudo('account.groupAdministration'),
      ]);
      expect(await untranslatedHere(page)).toEqual([]);
      expect(await clippedHere(page)).toEqual([]);
    });
  }
});

test.describe('the security center in a real language', () => {
  test('the sign-in history in Hindi: headings, the table kit, and times as Intl writes them in Hindi', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'ubs_lang', value: 'hi', url: baseURL! }]);
    await signIn(page);
    await openSection(page, '/account/history', 'साइन-इन इतिहास');
    const table = page.getByRole('table', { name: 'साइन-इन इतिहास' });
    await expect(table.getByRole('columnheader', { name: /समय/ })).toBeVisible();
    await expect(page.getByText('प्रति पेज पंक्तियाँ')).toBeVisible();
    const time = table.locator('tbody time').first();
    await expect(time).toBeVisible();
    // The sign-in just made is in it, written as Intl writes that moment in Hindi on this device's clock.
    const shown = (await time.textContent())!;
    const expected = await time.evaluate((element) =>
      new Intl.DateTimeFormat('hi', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(element.getAttribute('datetime')!)),
    );
    expect(shown).toBe(expected);
    expect(shown).toMatch(/[\u0900-\u097F]/);
    await expect(table.getByText('साइन इन किया').first()).toBeVisible();
  });

  test('the sessions in Urdu: right to left, the address left to right, and axe finds nothing', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'ubs_lang', value: 'ur', url: baseURL! }]);
    await signIn(page);
    await openSection(page, '/account/sessions', 'سیشن اور ڈیوائسز');
    expect(await htmlLanguage(page)).toEqual(['ur', 'rtl']);
    const mine = page.getByRole('table', { name: 'سیشن اور ڈیوائسز' }).getByRole('row').filter({ hasText: 'یہ ڈیوائس' });
    // The address is isolated left to right inside the Urdu words around it.
    await expect(mine).toContainText('\u2066127.0.0.1\u2069 (نجی نیٹ ورک)');
    await expectAccessibleOnceQuiet(page, 'sessions in Urdu');
  });
});
