/// <reference types="vite/client" />

/** Which build this is: set by vite.web.config.ts ('web') and electron.vite.config.ts ('desktop'). Read only in platform/. */
declare const __PORTAL_TARGET__: 'web' | 'desktop';
