import MessageFormat from '@messageformat/core';
import bn from '../../shared/i18n/locales/bn.json';
import en from '../../shared/i18n/locales/en.json';
import hi from '../../shared/i18n/locales/hi.json';
import mr from '../../shared/i18n/locales/mr.json';
import ta from '../../shared/i18n/locales/ta.json';
import te from '../../shared/i18n/locales/te.json';
import ur from '../../shared/i18n/locales/ur.json';
import type { CatalogSource, MessageId } from '../../shared/i18n/catalog';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/i18n/languages';

/** A mail's message id: the `mail.*` namespace of the catalogs (src/shared/i18n/locales). */
export type MailMessageId = Extract<MessageId, `mail.${string}`>;

const SOURCES: Record<Language, CatalogSource> = { en, hi, bn, ta, te, mr, ur };

type Compiled = Map<string, (values?: Record<string, unknown>) => string>;

/**
 * Each language's `mail.*` messages compiled by messageformat (the renderer's compiler, build-i18n.ts), on the first
 * mail in that language: a few milliseconds for the language's sixty messages, so start-up pays nothing and a
 * language nobody mails in is never compiled.
 */
const compiled = new Map<Language, Compiled>();

function catalogOf(language: Language): Compiled {
  let messages = compiled.get(language);
  if (!messages) {
    const formatter = new MessageFormat(language, { strict: true });
    messages = new Map(
      Object.entries(SOURCES[language])
        .filter(([id]) => id.startsWith('mail.'))
        .map(([id, source]) => [id, formatter.compile(source)]),
    );
    compiled.set(language, messages);
  }
  return messages;
}

/** The mail text `id` in `language`, with its arguments (the catalog check keeps every language's arguments the English ones). */
export function mailText(language: Language, id: MailMessageId, values?: Record<string, unknown>): string {
  const message = catalogOf(language).get(id) ?? catalogOf(DEFAULT_LANGUAGE).get(id);
  if (!message) throw new Error(`No mail message "${id}".`);
  return message(values);
}

/**
 * The language a mail is written in: the recipient account's own (`users.language`), else the language of the request
 * that caused it (the connection's `ubs_lang` cookie, else its Accept-Language), else English.
 */
export function mailLanguage(...candidates: (string | null | undefined)[]): Language {
  return candidates.find(isLanguage) ?? DEFAULT_LANGUAGE;
}
