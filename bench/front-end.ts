// What the front-end suites (bundle, lcp) compare: the portal's web build and the floor (bench/floor: React, react-dom
// and react-router alone), both built by Vite in production mode with @vitejs/plugin-react, each into a folder of its
// own, with a manifest.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { reactRouterProductionAliases } from '../build-react-router';

const ROOT = resolve(import.meta.dirname, '..');

/** The web portal as `npm run test:bundle` builds it (a fixed build id), into a temporary folder. */
export function buildPortal(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'suite-portal-bench-web-'));
  execFileSync('npx', ['vite', 'build', '--config', 'vite.web.config.ts', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORTAL_BUILD_ID: '0.0.0+0000000.00000000T000000' },
  });
  return outDir;
}

/** The floor app and, beside its index.html, static.html: the same content as plain HTML. */
export async function buildFloor(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'suite-portal-bench-floor-'));
  await build({
    configFile: false,
    root: join(ROOT, 'bench/floor'),
    base: '/',
    plugins: [react()],
    resolve: { alias: reactRouterProductionAliases('build') },
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  copyFileSync(join(ROOT, 'bench/floor/static.html'), join(outDir, 'static.html'));
  return outDir;
}
