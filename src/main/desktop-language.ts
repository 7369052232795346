import { messages as bn } from 'virtual:i18n-catalog/main/bn';
import { messages as en } from 'virtual:i18n-catalog/main/en';
import { messages as hi } from 'virtual:i18n-catalog/main/hi';
import { messages as mr } from 'virtual:i18n-catalog/main/mr';
import { messages as ta } from 'virtual:i18n-catalog/main/ta';
import { messages as te } from 'virtual:i18n-catalog/main/te';
import { messages as ur } from 'virtual:i18n-catalog/main/ur';
import type { CompiledCatalog, MessageId } from '../shared/i18n/catalog';
import { directionOf, pickLanguage, type Language } from '../shared/i18n/languages';

/**
 * The language of the app's own texts (menus, dialogs, window titles, the system browser's answer pages; issue 26):
 * the one the renderer shows once it says so (`app:set-language`), the operating system's until then. The messages
 * are the catalogs' `desktop.*` ids (src/shared/i18n/locales), compiled at build time like the renderer's
 * (build-i18n.ts, `virtual:i18n-catalog/main/{language}`): every language is in main's bundle, a few kilobytes.
 */
export const DESKTOP_CATALOGS: Record<Language, CompiledCatalog> = { en, hi, bn, ta, te, mr, ur };

/** An id of main's texts. */
export type DesktopMessageId = Extract<MessageId, `desktop.${string}`>;

/** Main's texts in one language: the message with its ICU arguments. */
export interface DesktopTexts {
  language: Language;
  /** `rtl` for Urdu: a page main writes says so. */
  direction: 'ltr' | 'rtl';
  t(id: DesktopMessageId, values?: Record<string, unknown>): string;
}

export function desktopTexts(language: Language): DesktopTexts {
  const catalog = DESKTOP_CATALOGS[language];
  return {
    language,
    direction: directionOf(language),
    t: (id, values) => (catalog[id] ?? DESKTOP_CATALOGS.en[id])?.(values) ?? id,
  };
}

/** English: what every module of main shows when it is given no texts (their tests, and the default). */
export const ENGLISH_TEXTS = desktopTexts('en');

/** The part of Electron's `app` that says the system's languages (getPreferredSystemLanguages since Electron 21). */
export interface SystemLocaleLike {
  getPreferredSystemLanguages?(): string[];
  getLocale(): string;
}

/** The operating system's language, when the portal has it (`hi-IN` is Hindi); else English. */
export function systemLanguage(app: SystemLocaleLike): Language {
  const preferred = app.getPreferredSystemLanguages?.() ?? [];
  return pickLanguage([...preferred, app.getLocale()]);
}

/**
 * The app's language: the system's at start, the renderer's once it says one. `choose` answers whether it changed,
 * and calls `onChange` then (index.ts rebuilds the menu).
 */
export function createDesktopLanguage(options: { system: Language; onChange?: (texts: DesktopTexts) => void }) {
  let texts = desktopTexts(options.system);
  return {
    texts: () => texts,
    choose(language: Language): boolean {
      if (language === texts.language) return false;
      texts = desktopTexts(language);
      options.onChange?.(texts);
      return true;
    },
  };
}
