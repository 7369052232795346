import type { BrowserContext, Page } from '@playwright/test';
import { PRODUCT_LABELS } from '../../src/shared/products';

// The pseudo-locale checks (issue 26): a screen shown in en-XA (src/shared/i18n/pseudo.ts: accented, lengthened) must
// show no text still in plain English and cut none off. Every spec that checks a screen in it imports these.

/** The page's language and direction, as the <html> element says. */
export const htmlLanguage = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

/** The widths each screen is checked at: a desktop and a phone. */
export const PSEUDO_VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Makes the server and the renderer choose the pseudo-locale (it is never offered in the picker). */
export const usePseudoLocale = (context: BrowserContext, baseURL: string) =>
  context.addCookies([{ name: 'ubs_lang', value: 'en-XA', url: baseURL }]);

/**
 * Visible texts, accessible names, titles and placeholders that still read as English words; `except` leaves out
 * a part of the page not converted yet.
 */
export const untranslated = (page: Page, except?: string) =>
  page.evaluate(({ except, products }) => {
    const skipped = (element: Element) => except !== undefined && element.closest(except) !== null;
    // What is never translated: the brand's own name, and each language's own name in the picker; codes and keys
    // the server issued (<code>), a code's shape ('xxxx-xxxxx'), addresses, a version and its build
    // ('0.1.0+1abfc92.20261127T180900', whose commit may spell letters), a key combination as the keys' caps
    // say it (Ctrl+Shift+S), and the products' names.
    const kept = new RegExp(`Suite Portal|English|^x+-x+$|[\\w.+-]+@[\\w.-]+|\\d+\\.\\d+\\.\\d+(\\+[\\w.]+)?|\\b(Ctrl|Alt|Shift|Cmd)(\\+\\w+)+|\\b(${products.join('|')})\\b`, 'g');
    const english = (text: string) => /[A-Za-z]{2,}/.test(text.replace(kept, ''));
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style, option, code') || skipped(element) || !element.checkVisibility()) continue;
      if (english(node.textContent ?? '')) found.push(node.textContent!.trim());
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (skipped(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value && english(value)) found.push(`${name}="${value}"`);
      }
    }
    if (english(document.title)) found.push(`title: ${document.title}`);
    return found;
  }, { except, products: Object.values(PRODUCT_LABELS) });

/** Elements whose text is cut off: wider or taller than their box where the box hides what overflows; and a page that scrolls sideways. */
export const clipped = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (!element.checkVisibility() || !element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      // Text for screen readers only (.visually-hidden: a 1-pixel box, clipped on purpose) is not cut off.
      if (element.getBoundingClientRect().width <= 1 || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      // A box that scrolls (a table's scroll region, a dialog's body) hides nothing the user cannot reach; one that
      // hides its overflow, or ends it with an ellipsis, does.
      const cuts = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
      const hides = cuts(style.overflowX) || cuts(style.overflowY) || style.textOverflow === 'ellipsis';
      if (hides && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)) found.push(element.outerHTML.slice(0, 120));
    }
    if (document.documentElement.scrollWidth > window.innerWidth) found.push('the page scrolls sideways');
    return found;
  });
