import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectSelection, signIn } from './helpers';
import { clipped, htmlLanguage, PSEUDO_VIEWPORTS, usePseudoLocale } from './pseudo-locale';

// An organization's sign-in language (issue 26): its admin sets it on the console's Sign-in page; a visitor who chose
// no language gets /{orgId}/login (and the organization's other signed-out pages) in it, whatever their browser
// asks; the picker's choice still wins, and is remembered. Console Works (consoleco) is set back to the visitor's
// browser at the end, so later specs meet its pages as before.

const PASSWORD = 'Console@12345';
const ADMIN = 'console.admin@e2e.test';
const SECTION = 'section[aria-labelledby="organization-language-heading"]';

/** The console's Sign-in page of Console Works, signed in as its admin (`then`: before the console opens). */
async function openSignInSection(page: Page, then?: () => Promise<void>) {
  await signIn(page, ADMIN, PASSWORD);
  await expectSelection(page);
  await then?.();
  await page.goto('/admin/consoleco/sign-in');
  // The console's chunk, its settings and the section's own calls, on a machine running other suites too.
  await expect(page.locator(SECTION).getByRole('heading', { level: 2 })).toBeVisible({ timeout: 30_000 });
}

/** Texts of the part that still read as English words (its options are the languages' own names; `kept`, a name). */
const englishIn = (part: Locator, kept: string) =>
  part.evaluate((root, kept) => {
    const english = (text: string) => /[A-Za-z]{2,}/.test(text.replaceAll(kept, ''));
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('option') || !element.checkVisibility()) continue;
      if (english(node.textContent ?? '')) found.push(node.textContent!.trim());
    }
    for (const element of root.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value && english(value)) found.push(`${name}="${value}"`);
      }
    }
    return found;
  }, kept);

test('an admin sets Hindi: an English browser gets the Hindi sign-in of the organization, until it chooses English', async ({ page, browser, baseURL }) => {
  // About 30 s on a quiet machine; the rest is room for one shared with other suites.
  test.setTimeout(120_000);
  await openSignInSection(page);
  const section = page.locator(SECTION);
  await expect(section.getByRole('heading', { name: 'Sign-in language', level: 2 })).toBeVisible();
  const field = section.getByLabel('Language of the sign-in pages');
  await expect(field).toHaveValue('');
  await expect(field.getByRole('option')).toHaveText(['Follow the visitor’s browser', 'English', 'हिन्दी', 'বাংলা', 'தமிழ்', 'తెలుగు', 'मराठी', 'اردو']);
  const save = section.getByRole('button', { name: 'Save language' });
  await expect(save).toBeDisabled();
  await field.selectOption('hi');
  await save.click();
  await expect(page.getByText('Sign-in language saved: हिन्दी.')).toBeVisible();
  await expect(save).toBeDisabled();

  // A visitor whose browser asks for English, who never chose a language.
  const visitorContext = await browser.newContext({ baseURL, locale: 'en-US' });
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto('/consoleco/login');
    expect(await htmlLanguage(visitor)).toEqual(['hi', 'ltr']);
    await expect(visitor.getByRole('heading', { name: 'साइन इन करें', level: 1 })).toBeVisible();
    await expect(visitor.getByLabel('ईमेल पता या कर्मचारी कोड')).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'लॉग इन करें' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'पासवर्ड भूल गए?' })).toBeVisible();
    const picker = visitor.getByRole('combobox', { name: 'भाषा' });
    await expect(picker).toHaveValue('hi');

    // Next visit, the service worker answers from its copy of the page, which the server did not make in Hindi: the
    // organization's language still wins over the browser's.
    await visitor.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const served = visitor.waitForResponse((response) => response.request().isNavigationRequest());
    await visitor.reload();
    expect((await served).fromServiceWorker()).toBe(true);
    await expect(visitor.getByRole('heading', { name: 'साइन इन करें', level: 1 })).toBeVisible();
    expect(await htmlLanguage(visitor)).toEqual(['hi', 'ltr']);
    await expect(picker).toHaveValue('hi');

    // Their own choice wins, now and after a reload.
    await picker.selectOption('en');
    await expect(visitor.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    await visitor.reload();
    expect(await htmlLanguage(visitor)).toEqual(['en', 'ltr']);
    await expect(visitor.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(visitor.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  } finally {
    await visitorContext.close();
  }

  // Back to the visitor's browser: a fresh English browser gets the English page again.
  await field.selectOption('');
  await save.click();
  await expect(page.getByText('Sign-in language saved: the pages follow the visitor’s browser.')).toBeVisible();
  const laterContext = await browser.newContext({ baseURL, locale: 'en-US' });
  try {
    const later = await laterContext.newPage();
    await later.goto('/consoleco/login');
    expect(await htmlLanguage(later)).toEqual(['en', 'ltr']);
    await expect(later.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  } finally {
    await laterContext.close();
  }
});

test('the sign-in language field in the pseudo-locale: no plain English, nothing cut off, at both widths', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await openSignInSection(page, () => usePseudoLocale(context, baseURL!));
  const section = page.locator(SECTION);
  expect(await htmlLanguage(page)).toEqual(['en-XA', 'ltr']);
  for (const viewport of PSEUDO_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await section.scrollIntoViewIfNeeded();
    expect(await englishIn(section, 'Console Works'), `${viewport.width} px`).toEqual([]);
    // The field's own label, as its accessible name, is translated too.
    await expect(section.getByRole('combobox')).not.toHaveAccessibleName('Language of the sign-in pages');
    expect(await clipped(page), `${viewport.width} px`).toEqual([]);
  }
});
