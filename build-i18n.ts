import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import type { Plugin } from 'vite';
import { isFirstPaintId, isServerId, type CatalogSource } from './src/shared/i18n/catalog.ts';
import { isUiLanguage, PSEUDO_LANGUAGE } from './src/shared/i18n/languages.ts';
import { pseudoMessage } from './src/shared/i18n/pseudo.ts';

const PREFIX = 'virtual:i18n-catalog/';
const LOCALES = resolve(import.meta.dirname, 'src/shared/i18n/locales');
/** English's second part: the namespaces that are not in /login's first paint (FIRST_PAINT_NAMESPACES). */
const ENGLISH_LATER = 'en-later';

/** A catalog as written (src/shared/i18n/locales/{language}.json; the pseudo-locale is made from the English). */
export function catalogSource(language: string): CatalogSource {
  const pseudo = language === PSEUDO_LANGUAGE;
  const source = JSON.parse(readFileSync(resolve(LOCALES, `${pseudo ? 'en' : language}.json`), 'utf8')) as CatalogSource;
  return pseudo ? Object.fromEntries(Object.entries(source).map(([id, message]) => [id, pseudoMessage(message)])) : source;
}

/**
 * `import { messages } from 'virtual:i18n-catalog/{language}'`: that language's catalog compiled by messageformat at
 * build time into one function per message (a JavaScript module importing only the plural and select helpers and the
 * language's plural rules it needs), so the browser gets no ICU parser. `en` is English's first-paint part and
 * `en-later` the rest; `en-XA` is the pseudo-locale. Used by every build of the renderer (web, prerender, desktop) and
 * by Vitest.
 */
export function i18nCatalogs(): Plugin {
  return {
    name: 'suite-portal:i18n-catalogs',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      const language = name === ENGLISH_LATER ? 'en' : name;
      if (!isUiLanguage(language)) throw new Error(`No catalog for the language "${language}".`);
      this.addWatchFile(resolve(LOCALES, `${language === PSEUDO_LANGUAGE ? 'en' : language}.json`));
      // The mails' texts (SERVER_NAMESPACES) are the server's alone: no renderer chunk carries them.
      let source = Object.fromEntries(Object.entries(catalogSource(language)).filter(([key]) => !isServerId(key)));
      if (language === 'en') source = Object.fromEntries(Object.entries(source).filter(([key]) => isFirstPaintId(key) === (name === 'en')));
      // Strict: an ICU argument is always {name}, never a stray brace; plural rules are the language's own (en for en-XA).
      const formatter = new MessageFormat(language === PSEUDO_LANGUAGE ? 'en' : language, { strict: true });
      return compileModule(formatter, source).replace('export default {', 'export const messages = {');
    },
  };
}
