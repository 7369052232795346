import * as z from 'zod';
import { isLanguage, type Language } from '../i18n/languages';
import { entry } from './events';
import { SuccessSchema } from './schemas';

/** The refusal of a language the portal does not offer (the pseudo-locale included: it is the tests' alone). */
export const UNKNOWN_LANGUAGE = 'Choose one of the languages the portal offers: en, hi, bn, ta, te, mr or ur.';

/** One of the portal's languages (src/shared/i18n/languages.ts), as the picker offers them. */
export const LanguageSchema = z.custom<Language>((value) => isLanguage(value), { message: UNKNOWN_LANGUAGE });

/**
 * The account's language (issue 26). Not in /login's contract: the renderer adds it (`extendContract`) when the picker
 * first tells the server a choice (session/account-language.ts); `contract.ts` joins it for the server.
 */
export const LANGUAGE_EVENTS = {
  /**
   * The language picker's choice: the connection's later calls are in it (a sign-in on it writes it on the account),
   * and a signed-in account remembers it at once, so its mails follow it.
   */
  setLanguage: entry({ auth: 'maybeUser' }, z.object({ language: LanguageSchema }).strict(), SuccessSchema),
};
