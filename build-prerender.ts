import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { LOGIN_SHELLS_FILE, type LoginShells } from './src/shared/protocol/http.ts';
import { reactRouterProductionAliases } from './build-react-router.ts';
import { i18nCatalogs } from './build-i18n.ts';

/**
 * After the web build: renders the sign-in screen once with react-dom/server (src/renderer/app/login-shell.tsx, built
 * for Node by a second, server-side vite build of the same sources) and writes its markup beside index.html, for the
 * server to send in /login's page. The page then paints the screen before its scripts have run (npm run bench -- lcp).
 */
export function prerenderLoginShell(defines: Record<string, string>): Plugin {
  let outDir = '';
  return {
    name: 'suite-portal:prerender-login',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const root = resolve(import.meta.dirname, 'src/renderer');
      // Inside the project, so that its imports of react-dom and react-router find node_modules.
      const ssrDir = mkdtempSync(join(import.meta.dirname, 'node_modules', '.prerender-'));
      try {
        await build({
          configFile: false,
          root,
          plugins: [react(), i18nCatalogs()],
          resolve: { alias: reactRouterProductionAliases('build') },
          define: defines,
          logLevel: 'warn',
          build: { ssr: join(root, 'app/login-shell.tsx'), outDir: ssrDir, emptyOutDir: true, minify: false, copyPublicDir: false },
        });
        let shells: LoginShells;
        try {
          const { renderLoginShells } = (await import(pathToFileURL(join(ssrDir, 'login-shell.js')).href)) as { renderLoginShells(): Promise<LoginShells> };
          shells = await renderLoginShells();
        } catch (error) {
          throw new Error(
            "Prerendering /login failed: the portal's first render at /login runs in Node at build time, so it may not read the browser (see src/renderer/README.md, '/login arrives prerendered').",
            { cause: error },
          );
        }
        writeFileSync(join(outDir, LOGIN_SHELLS_FILE), JSON.stringify(shells));
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
