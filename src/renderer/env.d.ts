/// <reference types="vite/client" />

/** Which build this is: set by vite.web.config.ts ('web') and electron.vite.config.ts ('desktop'). Read only in platform/. */
declare const __PORTAL_TARGET__: 'web' | 'desktop';

/** The portal's version (package.json) and this build's id (version, commit and build time), set by the same configs. */
declare const __PORTAL_VERSION__: string;
declare const __PORTAL_BUILD__: string;

/**
 * A language's catalog compiled at build time (build-i18n.ts); loaded through i18n/index.ts only (src/main's
 * desktop-language.ts loads `main/{language}`). `en-later` also has `*`, tEnglish's matching of texts with arguments.
 */
declare module 'virtual:i18n-catalog/*' {
  export const messages: import('../shared/i18n/catalog').CompiledCatalog;
}
