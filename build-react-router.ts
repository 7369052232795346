import { resolve } from 'node:path';
import type { Alias } from 'vite';

/**
 * react-router 7 exports only its development build, whatever the mode (remix-run/react-router#14102: dev warnings
 * on, dev-only checks and messages in every production bundle). A production build points the two entries the portal
 * uses, `react-router` and `react-router/dom` (react-router-dom re-exports them), at the package's own
 * `dist/production` files. The dev server and the tests keep the development build and its warnings. Used by the web
 * and desktop renderer builds and by the benchmark's floor app, so both are built the same way.
 */
export function reactRouterProductionAliases(command: 'build' | 'serve'): Alias[] {
  if (command !== 'build') return [];
  const dist = resolve(import.meta.dirname, 'node_modules/react-router/dist/production');
  return [
    { find: /^react-router$/, replacement: `${dist}/index.mjs` },
    { find: /^react-router\/dom$/, replacement: `${dist}/dom-export.mjs` },
  ];
}
