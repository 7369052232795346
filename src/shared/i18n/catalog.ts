import type english from './locales/en.json';

/** A message's id: a key of the English catalog (locales/en.json), the reference every other language follows. */
export type MessageId = keyof typeof english;

/** A language's messages as written: id → ICU MessageFormat text. */
export type CatalogSource = Record<string, string>;

/**
 * A language's messages compiled ahead of time by messageformat (build-i18n.ts): one function per message, which takes
 * the message's arguments. No ICU parser ships to the browser, only the plural and select helpers a message uses.
 */
export type CompiledCatalog = Record<string, (values?: Record<string, unknown>) => string>;

/**
 * The namespaces (the part of an id before its first dot) of /login's first paint: their English is in the entry
 * chunk. The English of every other namespace loads with the lazy screens (src/renderer/i18n/screens.ts), so a screen
 * converted later does not make /login's first paint bigger. Every other language is one chunk.
 */
export const FIRST_PAINT_NAMESPACES = ['app', 'boot', 'brand', 'common', 'field', 'signIn'] as const;

/** An id of /login's first paint: what the entry chunk's `t` (src/renderer/i18n/index.ts) accepts. */
export type FirstPaintId = Extract<MessageId, `${(typeof FIRST_PAINT_NAMESPACES)[number]}.${string}`>;

/**
 * The namespaces only the server uses: `mail` (the mails) and `page` (its own small pages: a sign-in that cannot go on,
 * src/server/i18n/server-page.ts); src/server/i18n/catalog.ts compiles them. They are in
 * the same catalogs, so the catalog check covers them, but no renderer chunk carries them (build-i18n.ts).
 */
export const SERVER_NAMESPACES = ['mail', 'page'] as const;

export const isServerId = (id: string): boolean => (SERVER_NAMESPACES as readonly string[]).includes(id.split('.')[0] ?? '');

/**
 * The namespaces only the desktop apps' main process uses (menus, dialogs, the system browser's answer pages):
 * `virtual:i18n-catalog/main/{language}` carries them (src/main/desktop-language.ts), no renderer chunk does.
 */
export const MAIN_NAMESPACES = ['desktop'] as const;

export const isMainId = (id: string): boolean => (MAIN_NAMESPACES as readonly string[]).includes(id.split('.')[0] ?? '');

/** The namespace of the texts that arrive as English (shared schemas, the server's replies): `tEnglish` matches them. */
export const ENGLISH_MESSAGE_NAMESPACE = 'message';

export const isFirstPaintId = (id: string): boolean => (FIRST_PAINT_NAMESPACES as readonly string[]).includes(id.split('.')[0] ?? '');
