import MessageFormat from '@messageformat/core';
import bn from '../../shared/i18n/locales/bn.json';
import en from '../../shared/i18n/locales/en.json';
import hi from '../../shared/i18n/locales/hi.json';
import mr from '../../shared/i18n/locales/mr.json';
import ta from '../../shared/i18n/locales/ta.json';
import te from '../../shared/i18n/locales/te.json';
import ur from '../../shared/i18n/locales/ur.json';
import type { CatalogSource, MessageId } from '../../shared/i18n/catalog';
import { englishTemplates } from '../../shared/i18n/english-patterns';
import { englishMatcher, type EnglishMatch } from '../../shared/i18n/english-templates';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/i18n/languages';

/** A mail's message id: the `mail.*` namespace of the catalogs (src/shared/i18n/locales). */
export type MailMessageId = Extract<MessageId, `mail.${string}`>;

const SOURCES: Record<Language, CatalogSource> = { en, hi, bn, ta, te, mr, ur };

type Compiled = (values?: Record<string, unknown>) => string;

/**
 * Each message compiled by messageformat (the renderer's compiler, build-i18n.ts) the first time the server says it
 * in that language: a fraction of a millisecond each, so start-up pays nothing and a language nobody is answered in
 * is never compiled.
 */
const compiled = new Map<Language, { formatter: MessageFormat<'string'>; messages: Map<string, Compiled> }>();

function messageOf(language: Language, id: string): Compiled | undefined {
  let catalog = compiled.get(language);
  if (!catalog) {
    catalog = { formatter: new MessageFormat<'string'>(language, { strict: true }), messages: new Map() };
    compiled.set(language, catalog);
  }
  let message = catalog.messages.get(id);
  const source = SOURCES[language][id];
  if (!message && source !== undefined) {
    message = catalog.formatter.compile(source);
    catalog.messages.set(id, message);
  }
  return message;
}

/** The text `id` in `language` (English when the language lacks it), with its arguments. */
export function serverText(language: Language, id: MessageId, values?: Record<string, unknown>): string {
  const message = messageOf(language, id) ?? messageOf(DEFAULT_LANGUAGE, id);
  if (!message) throw new Error(`No message "${id}".`);
  return message(values);
}

/** The mail text `id` in `language`, with its arguments (the catalog check keeps every language's arguments the English ones). */
export function mailText(language: Language, id: MailMessageId, values?: Record<string, unknown>): string {
  return serverText(language, id, values);
}

let english: { ids: Map<string, string>; templates: (text: string) => EnglishMatch | null } | null = null;

/**
 * A text the server wrote in English (a refusal's message, a page's heading) in `language`: the catalog's text of the
 * same English, or a `message.*` template it matches with its arguments (the renderer's `tEnglish`, on the server).
 * Unchanged when no catalog has it.
 */
export function inLanguage(language: Language, text: string): string {
  if (language === DEFAULT_LANGUAGE) return text;
  english ??= {
    // The first id with that English, as the renderer's tEnglish takes it.
    ids: new Map(Object.entries(SOURCES.en).reverse().map(([id, message]) => [message, id])),
    templates: englishMatcher(englishTemplates(SOURCES.en)),
  };
  const id = english.ids.get(text);
  if (id !== undefined) return serverText(language, id as MessageId);
  const match = english.templates(text);
  return match ? serverText(language, match.id as MessageId, match.values) : text;
}

/**
 * The language a mail is written in: the recipient account's own (`users.language`), else the language of the request
 * that caused it (the connection's `ubs_lang` cookie, else its Accept-Language), else English.
 */
export function mailLanguage(...candidates: (string | null | undefined)[]): Language {
  return candidates.find(isLanguage) ?? DEFAULT_LANGUAGE;
}
