import { acceptedLanguages, DEFAULT_LANGUAGE, isUiLanguage, LANGUAGE_COOKIE, pickLanguage, PSEUDO_LANGUAGE, type Language, type UiLanguage } from '../../shared/i18n/languages';

const LANGUAGE_VALUE = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;\\s]+)`);

/** The language a request asks for, and whether it is the visitor's own choice. */
export interface RequestLanguage<L extends UiLanguage = UiLanguage> {
  language: L;
  /** From the `ubs_lang` cookie (the picker's choice), not from the browser's Accept-Language. */
  chosen: boolean;
}

/**
 * The language of a request (issue 26), the one rule of the page the server makes (portal-page.ts) and of a
 * connection (its mails, the account's language): the `ubs_lang` cookie when it names a language the renderer shows
 * (the pseudo-locale included: `chosen`), else the first of Accept-Language the portal speaks, else English. Null when
 * the request names none (no cookie, no header: a client that is not a browser). The page puts an organization's
 * language between the cookie and Accept-Language; a connection takes `connectionLanguage` (the pseudo-locale is
 * English there).
 */
export function requestLanguage(cookie: string | undefined | null, acceptLanguage: string | string[] | undefined | null): RequestLanguage | null {
  const value = LANGUAGE_VALUE.exec(cookie ?? '')?.[1];
  if (isUiLanguage(value)) return { language: value, chosen: true };
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!value && !header) return null;
  return { language: pickLanguage(acceptedLanguages(header ?? undefined)), chosen: false };
}

/**
 * A connection's language (Caller.language): the request's, with the pseudo-locale's cookie as English (it is English
 * for everything but the tests' screens: mails, the account's language). Null when the request names none, so that
 * nothing is written on the account from it.
 */
export function connectionLanguage(cookie: string | undefined | null, acceptLanguage: string | string[] | undefined | null): RequestLanguage<Language> | null {
  const asked = requestLanguage(cookie, acceptLanguage);
  if (asked === null) return null;
  return { language: asked.language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : asked.language, chosen: asked.chosen };
}
