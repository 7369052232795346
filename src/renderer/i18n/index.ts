import { useSyncExternalStore } from 'react';
import { messages as firstPaintEnglish } from 'virtual:i18n-catalog/en';
import type { CompiledCatalog, FirstPaintId } from '../../shared/i18n/catalog';
import { directionOf, isUiLanguage, pickLanguage, type UiLanguage } from '../../shared/i18n/languages';
import { PORTAL_CONFIG_ELEMENT_ID } from '../../shared/protocol/http';
import { savedLanguage, saveLanguage } from '../session/saved-session';

export type { FirstPaintId, MessageId } from '../../shared/i18n/catalog';

/**
 * The renderer's messages (issue 26): ICU MessageFormat catalogs compiled by messageformat at build time into one
 * function per message (build-i18n.ts), so the browser gets no parser and next to no runtime.
 * English's first-paint namespaces are in this chunk; the rest of English loads with the lazy screens (./screens.ts);
 * every other language is one chunk of its own, loaded when it is chosen. See "Translating a screen" in
 * src/renderer/README.md.
 */
type Catalog = Promise<{ messages: CompiledCatalog }>;

// One chunk per language: a literal import() each, so the build splits them.
const CATALOGS: Record<Exclude<UiLanguage, 'en'>, () => Catalog> = {
  hi: () => import('virtual:i18n-catalog/hi'),
  bn: () => import('virtual:i18n-catalog/bn'),
  ta: () => import('virtual:i18n-catalog/ta'),
  te: () => import('virtual:i18n-catalog/te'),
  mr: () => import('virtual:i18n-catalog/mr'),
  ur: () => import('virtual:i18n-catalog/ur'),
  'en-XA': () => import('virtual:i18n-catalog/en-XA'),
};

/** Every English message loaded so far: the first-paint part, then the rest (./screens.ts, or with another language). */
const english: CompiledCatalog = {};
/** The messages of the language shown (English's own object while it is English). */
let shown = english;
let language: UiLanguage = 'en';
const listeners = new Set<() => void>();
const loaded: Partial<Record<UiLanguage, CompiledCatalog>> = {};

/** English texts → their ids, for `tEnglish`: the plain messages of every English part loaded so far. */
const idsByEnglish = new Map<string, string>();

/** Adds a part of the English catalog (./screens.ts adds the part the lazy screens use). */
export function addEnglish(messages: CompiledCatalog): void {
  Object.assign(english, messages);
  for (const [id, message] of Object.entries(messages)) {
    // A message without arguments is its text; one with arguments is never matched.
    if (message.length === 0 && !idsByEnglish.has(message())) idsByEnglish.set(message(), id);
  }
}

addEnglish(firstPaintEnglish);

/** Any message by id (its English when the language shown lacks it): `t` here and in ./screens.ts narrow the ids. */
export const translate = (id: string, values?: Record<string, unknown>): string => (shown[id] ?? english[id])?.(values) ?? id;

/** A message of /login's first paint in the language shown, with its ICU arguments (screens use ./screens.ts). */
export const t: (id: FirstPaintId, values?: Record<string, unknown>) => string = translate;

/** The language shown now. */
export const currentLanguage = (): UiLanguage => language;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The language shown, re-rendering the component when it changes. */
export function useLanguage(): UiLanguage {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/** `t`, in a component that re-renders when the language changes. */
export function useT(): typeof t {
  useLanguage();
  return t;
}

/**
 * Loads the language's catalog (its own chunk) with the rest of English (which `tEnglish` reads), shows it, and sets
 * the page's lang and dir.
 */
export async function showLanguage(next: UiLanguage): Promise<void> {
  if (next !== 'en' && !loaded[next]) {
    const [own, later] = await Promise.all([CATALOGS[next](), import('virtual:i18n-catalog/en-later')]);
    addEnglish(later.messages);
    loaded[next] = own.messages;
  }
  shown = loaded[next] ?? english;
  language = next;
  // The prerender (app/login-shell.tsx) runs this in Node, where there is no page.
  if (typeof document !== 'undefined') {
    document.documentElement.lang = next;
    document.documentElement.dir = directionOf(next);
  }
  for (const listener of listeners) listener();
}

/**
 * The language an organization's admins chose for its signed-out pages (getCompanyDetails): shown unless the visitor
 * chose one. The server already made its page in it; this covers a page it did not make (the service worker's copy).
 */
export function offerLanguage(preferred: UiLanguage | null): void {
  if (preferred && preferred !== language && !isUiLanguage(savedLanguage())) void showLanguage(preferred);
}

/** The picker's choice: shown at once, and remembered for the next visit (the server makes that page in it). */
export function chooseLanguage(language: UiLanguage): Promise<void> {
  saveLanguage(language);
  return showLanguage(language);
}

/**
 * The language to start in: the remembered choice; else the one the server chose for the page it made (its <html
 * lang>, from Accept-Language); else, in a page the server did not make (the service worker's copy, the desktop
 * apps), the browser's or the system's languages.
 */
export function startLanguage(): UiLanguage {
  const saved = savedLanguage();
  if (isUiLanguage(saved)) return saved;
  const page = document.documentElement.lang;
  if (document.getElementById(PORTAL_CONFIG_ELEMENT_ID) && isUiLanguage(page)) return page;
  return pickLanguage(navigator.languages);
}

/**
 * A text that reaches the screen as English: a shared schema's message (`MESSAGES`, zod rules), a route's title, a
 * server's message. Shown in the language of the screen when the English catalog has that exact text (its id is then
 * the first with it), or a `message.*` text with arguments that matches it ("Try again in 15 minutes": `*`, which
 * `en-later` brings, build-i18n.ts), as it is otherwise. See "Messages that arrive as English" in src/renderer/README.md.
 */
export function tEnglish(text: string): string {
  return currentLanguage() === 'en' ? text : translate(idsByEnglish.get(text) ?? '*', { text });
}

/**
 * An address, a code or a number put into a right-to-left sentence: isolated as left-to-right text (Unicode LRI … PDI),
 * so its characters keep their order. Unchanged in a left-to-right language.
 */
export const ltr = (text: string): string => (directionOf(currentLanguage()) === 'rtl' ? `\u2066${text}\u2069` : text);
