import { acceptedLanguages, isLanguage, LANGUAGE_COOKIE, pickLanguage, type Language } from '../../shared/i18n/languages';

const LANGUAGE_VALUE = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;\\s]+)`);

/**
 * The language of a request (issue 26), as the page it shows was picked (portal-page.ts): the `ubs_lang` cookie, else
 * the first of Accept-Language the portal speaks, else English. Null when the request names none (no cookie, no
 * header: a client that is not a browser), so that nothing is written on the account from it. The pseudo-locale's
 * cookie counts as English: it is English for everything but the tests' screens.
 */
export function requestLanguage(cookie: string | undefined | null, acceptLanguage: string | string[] | undefined | null): Language | null {
  const chosen = LANGUAGE_VALUE.exec(cookie ?? '')?.[1];
  if (isLanguage(chosen)) return chosen;
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!chosen && !header) return null;
  return pickLanguage(acceptedLanguages(header ?? undefined));
}
