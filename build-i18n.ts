import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import type { Plugin } from 'vite';
import { isFirstPaintId, isMainId, isServerId, type CatalogSource } from './src/shared/i18n/catalog.ts';
import { englishTemplates } from './src/shared/i18n/english-patterns.ts';
import { isUiLanguage, PSEUDO_LANGUAGE } from './src/shared/i18n/languages.ts';
import { pseudoMessage } from './src/shared/i18n/pseudo.ts';

const PREFIX = 'virtual:i18n-catalog/';
const LOCALES = resolve(import.meta.dirname, 'src/shared/i18n/locales');
/** English's second part: the namespaces that are not in /login's first paint (FIRST_PAINT_NAMESPACES). */
const ENGLISH_LATER = 'en-later';
/** `main/{language}`: the desktop apps' main process's messages (MAIN_NAMESPACES) in that language. */
const MAIN_PREFIX = 'main/';
/** The runtime half of the English templates (tEnglish's matching of messages with arguments), in `en-later` only. */
const ENGLISH_TEMPLATES = resolve(import.meta.dirname, 'src/shared/i18n/english-templates.ts');
const RENDERER_I18N = resolve(import.meta.dirname, 'src/renderer/i18n/index.ts');

/** A catalog as written (src/shared/i18n/locales/{language}.json; the pseudo-locale is made from the English). */
export function catalogSource(language: string): CatalogSource {
  const pseudo = language === PSEUDO_LANGUAGE;
  const source = JSON.parse(readFileSync(resolve(LOCALES, `${pseudo ? 'en' : language}.json`), 'utf8')) as CatalogSource;
  return pseudo ? Object.fromEntries(Object.entries(source).map(([id, message]) => [id, pseudoMessage(message)])) : source;
}

/**
 * What `en-later` adds for `tEnglish` (src/renderer/i18n/index.ts): the `message.*` texts with arguments as patterns,
 * and under the id `*` the function that shows a text matching one in the current language (the text as it is
 * otherwise). tEnglish asks `*` for any text without an id of its own once another language than English is shown.
 * (`translate` is the entry chunk's export that screens.ts uses already; this chunk imports the plural helpers from it too.)
 */
function englishTemplatesModule(source: CatalogSource): string {
  const templates = englishTemplates(source);
  return `
import { englishMatcher } from ${JSON.stringify(ENGLISH_TEMPLATES)};
import { translate } from ${JSON.stringify(RENDERER_I18N)};
const matchEnglish = englishMatcher(${JSON.stringify(templates)});
messages['*'] = ({ text }) => {
  const found = matchEnglish(text);
  return found ? translate(found.id, found.values) : text;
};
`;
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
      const main = name.startsWith(MAIN_PREFIX);
      const language = name === ENGLISH_LATER ? 'en' : main ? name.slice(MAIN_PREFIX.length) : name;
      if (!isUiLanguage(language)) throw new Error(`No catalog for the language "${language}".`);
      this.addWatchFile(resolve(LOCALES, `${language === PSEUDO_LANGUAGE ? 'en' : language}.json`));
      // The mails' texts (SERVER_NAMESPACES) are the server's alone, the menus' and dialogs' (MAIN_NAMESPACES) main's.
      let source = Object.fromEntries(Object.entries(catalogSource(language)).filter(([key]) => (main ? isMainId(key) : !isServerId(key) && !isMainId(key))));
      if (language === 'en' && !main) source = Object.fromEntries(Object.entries(source).filter(([key]) => isFirstPaintId(key) === (name === 'en')));
      // Strict: an ICU argument is always {name}, never a stray brace; plural rules are the language's own (en for en-XA).
      const formatter = new MessageFormat(language === PSEUDO_LANGUAGE ? 'en' : language, { strict: true });
      const module = compileModule(formatter, source).replace('export default {', 'export const messages = {');
      return name === ENGLISH_LATER ? module + englishTemplatesModule(source) : module;
    },
  };
}
