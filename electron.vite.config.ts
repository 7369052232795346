import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { reactRouterProductionAliases } from './build-react-router';
import { buildCommit, rendererBuildDefines } from './build-stamp';
import { i18nCatalogs } from './build-i18n';

// Desktop build: main and preload for Node/Electron, the renderer from the same sources as the web build.
// PORTAL_FLAVOR (chat | track), PORTAL_SERVER_URL and PORTAL_UPDATES_URL are baked into main at build time
// (src/main/README.md); the same variables override them at run time.
// Main and preload bundle every package they import (externalizeDeps: false; only `electron` and Node's built-ins
// stay outside): package.json `dependencies` are the account server's, and the desktop packages ship none of them.
// keytar, a native module, is the one exception: main loads it with require at run time (electron-builder.yml).
export default defineConfig(({ command }) => ({
  main: {
    define: {
      __DESKTOP_BUILD__: JSON.stringify({
        flavor: process.env.PORTAL_FLAVOR ?? 'chat',
        serverUrl: process.env.PORTAL_SERVER_URL ?? 'http://localhost:3000',
        updatesUrl: process.env.PORTAL_UPDATES_URL ?? '',
        commit: buildCommit(),
        buildDate: new Date().toISOString(),
      }),
    },
    build: { outDir: 'out/main', externalizeDeps: false, rollupOptions: { input: resolve(__dirname, 'src/main/index.ts') } },
    // The menus' and dialogs' texts (src/main/desktop-language.ts): `virtual:i18n-catalog/main/{language}`.
    plugins: [i18nCatalogs()],
  },
  preload: {
    // Sandboxed preloads must be CommonJS.
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: { input: resolve(__dirname, 'src/preload/index.ts'), output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: { outDir: resolve(__dirname, 'out/renderer'), rollupOptions: { input: resolve(__dirname, 'src/renderer/index.html') } },
    plugins: [react(), i18nCatalogs()],
    resolve: { alias: reactRouterProductionAliases(command) },
    // The desktop apps never register the web portal's service worker (platform/index.ts picks the desktop platform).
    define: { __PORTAL_TARGET__: JSON.stringify('desktop'), ...rendererBuildDefines() },
  },
}));
