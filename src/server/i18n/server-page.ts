import { escapeHtml } from '../../shared/escape-html';
import { DEFAULT_LANGUAGE, directionOf, type Language } from '../../shared/i18n/languages';
import { inLanguage } from './catalog';
import { connectionLanguage } from './request-language';

/** A page of the server's own, its texts in English (each has a catalog id: src/shared/i18n/catalog.test.ts). */
export interface ServerPage {
  title: string;
  heading: string;
  /** What happened, in plain words. */
  text: string;
  /** What to do: a sentence, or a link back to the portal. */
  next?: string;
  link?: { href: string; label: string };
  /** A machine's reason beside the words (an OAuth error code and its description), never translated. */
  detail?: { code: string; description: string };
}

/** The language of a page the server answers a browser with: the request's (`ubs_lang`, else Accept-Language), else English. */
export function pageLanguage(cookie: string | undefined | null, acceptLanguage: string | string[] | undefined | null): Language {
  return connectionLanguage(cookie, acceptLanguage)?.language ?? DEFAULT_LANGUAGE;
}

/**
 * The small page the server shows where a sign-in window or redirect would otherwise show a provider's error or a
 * bare status, in the visitor's language (`<html lang dir>`). No script or inline style, as the CSP requires.
 */
export function serverPage(language: Language, page: ServerPage): string {
  const say = (text: string) => escapeHtml(inLanguage(language, text));
  const detail = page.detail ? `<p>${say('Details:')} <code dir="ltr">${escapeHtml(page.detail.code)}</code>: <span dir="ltr">${escapeHtml(page.detail.description)}</span></p>` : '';
  const next = page.link ? `<p><a href="${escapeHtml(page.link.href)}">${say(page.link.label)}</a></p>` : page.next ? `<p>${say(page.next)}</p>` : '';
  return (
    `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${say(page.title)}</title></head>` +
    `<body><main><h1>${say(page.heading)}</h1><p>${say(page.text)}</p>${detail}${next}</main></body></html>`
  );
}
