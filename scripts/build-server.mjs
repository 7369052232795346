// `npm run build:server`: the account server compiled to JavaScript in dist/server, so that `npm start` and a
// production install run `node dist/server/main.js` (no tsx, no TypeScript at start). esbuild bundles our own code
// (src/server and src/shared) and the packages it imports into ES modules: loading a few large files instead of some
// two thousand modules of node_modules halves the cold start (npm run bench -- coldstart: ready on PostgreSQL 1.3 →
// 0.65 s, on PGlite 1.96 → 1.52 s). A production install still installs the `dependencies`: the packages below stay
// imports of node_modules because they read files of their own at run time, or are loaded only where configured.
// What the server loads only when it needs it (the database engines' drivers, Redis) stays a dynamic import, split
// into chunks of its own. Files the server reads next to its code are copied beside the bundle: the migrations, the
// hash and PGlite workers, the product stand-in's stylesheet.
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
  target: 'node22.12',
  external: [
    // Its WebAssembly and data files sit beside its code (and pglite-worker.mjs imports it from there).
    '@electric-sql/pglite',
    // A native addon per platform.
    '@node-rs/argon2',
    // Starts its own worker file from its folder.
    'piscina',
    // The SAML schema check: starts its own worker file (xmllint compiled to WebAssembly) from its folder.
    'xmllint-wasm',
    // pg's optional native binding, absent unless installed.
    'pg-native',
    // Loaded only with REDIS_URL: the adapter and its client stay in node_modules, as socket.io-adapter does for it.
    'ioredis',
    '@socket.io/redis-adapter',
  ],
  // The CommonJS packages in the bundle (express, pg, nodemailer and others) call require() for Node's own modules.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
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
