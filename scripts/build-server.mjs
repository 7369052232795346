// `npm run build:server`: the account server compiled to JavaScript in dist/server, so that `npm start` and a
// production install run `node dist/server/main.js` (no tsx, no TypeScript at start). esbuild bundles our own code
// (src/server and src/shared) into ES modules; every package stays an import of node_modules, so a production install
// needs only the `dependencies`. What the server loads only when it needs it (the database engines' drivers, Redis)
// stays a dynamic import, split into chunks of its own. Files the server reads next to its code are copied beside the
// bundle: the migrations, the hash and PGlite workers, the product stand-in's stylesheet.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist/server');

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const started = performance.now();
await build({
  absWorkingDir: root,
  // The signing-key rotation (`npm run oidc:rotate-key`) runs built too: a production install has no tsx.
  entryPoints: { main: 'src/server/main.ts', 'oidc-rotate-key': 'src/server/oidc/rotate-key.ts' },
  outdir: outDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  // Chunks beside main.js: code that reads a file next to itself (import.meta.url) finds it there in any chunk.
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
cpSync(join(root, 'src/server/db/migrations'), join(outDir, 'migrations'), { recursive: true });
cpSync(join(root, 'src/server/auth/hash-worker.mjs'), join(outDir, 'hash-worker.mjs'));
cpSync(join(root, 'src/server/db/pglite-worker.mjs'), join(outDir, 'pglite-worker.mjs'));
cpSync(join(root, 'src/server/http/product-preview.css'), join(outDir, 'product-preview.css'));
console.log(`dist/server built in ${Math.round(performance.now() - started)} ms`);
