import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What a desktop package really carries: the desktop app is built (electron-vite, chat flavor) and packaged by the
// real electron-builder with our configuration (build/flavors/chat.yml + electron-builder.yml, the same `files` for
// both flavors) as an unpacked Linux app (`--linux dir`), then its resources/app.asar is listed with @electron/asar,
// electron-builder's own archive library. Two settings differ from a release build, because this machine cannot
// download anything but npm packages: `electronDist` points at a stand-in Electron (one executable carrying
// Electron's fuse wire, so the fuses step runs too) instead of the downloaded one, and `npmRebuild` is off (rebuilding
// keytar for Electron fetches Electron's headers). File selection, node_modules collection, asar packing and asarUnpack
// are electron-builder's, unchanged.
const ROOT = resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as { listPackage(archive: string, options?: object): string[]; extractFile(archive: string, file: string): Buffer };
const fuses = require('@electron/fuses') as { getCurrentFuseWire(binary: string): Promise<Record<string, number | string>> };

/** The account server's run-time packages (package.json `dependencies`): none of them may ship in a desktop app. */
const SERVER_PACKAGES = ['@electric-sql/pglite', 'drizzle-orm', '@node-rs/argon2', 'express', 'pg', 'socket.io', 'nodemailer', 'oidc-provider', 'openid-client', 'piscina'];

// keytar is compiled when npm installs it (CI has the compiler and libsecret); without its binary there is nothing
// to package. Outside CI that skips the test with the reason; in CI it fails.
const KEYTAR_BINARY = join(ROOT, 'node_modules/keytar/build/Release/keytar.node');
const missing = existsSync(KEYTAR_BINARY) ? null : `keytar's native binary is missing (${relative(ROOT, KEYTAR_BINARY)}): run npm ci with a C++ compiler and libsecret`;
if (missing && !process.env['CI']) console.warn(`Skipping the desktop package contents test: ${missing}.`);

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'; // where @electron/fuses finds the fuse wire in an Electron binary
const FUSE = { DISABLE: 48, ENABLE: 49 };

function run(command: string, args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(command, args, { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 });
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${output}`);
  return output;
}

/** Every file below dir, as paths relative to it with a leading slash (the form @electron/asar lists). */
function walk(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? [`/${relative(base, path)}`, ...walk(path, base)] : [`/${relative(base, path)}`];
  });
}

/** Package names under the top-level node_modules of a file list ("/node_modules/@scope/name/…" → "@scope/name"). */
function topLevelModules(files: string[]): string[] {
  const names = files
    .map((file) => file.split('/'))
    .filter((parts) => parts[1] === 'node_modules' && parts.length > 3)
    .map((parts) => (parts[2]!.startsWith('@') ? `${parts[2]}/${parts[3]}` : parts[2]!));
  return [...new Set(names)].sort();
}

/** Bare package names a bundle imports or requires at run time, apart from `electron` and Node's built-ins. */
function runtimeImports(code: string): string[] {
  const builtins = new Set(builtinModules);
  // import … from "x", import("x"), require("x"), the bundler's __require("x"), createRequire(…)("x")
  const loads = /(?:\bfrom\s*|\bimport\s*\(?\s*|(?<![\w$])(?:__)?require\s*\(\s*|\bcreateRequire\([^)]*\)\s*\(\s*)["']([^"']+)["']/g;
  const specifiers = [...code.matchAll(loads)].map((m) => m[1]!);
  const packages = specifiers
    .filter((s) => /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]*)?$/i.test(s) && !s.startsWith('node:'))
    .map((s) => s.split('/').slice(0, s.startsWith('@') ? 2 : 1).join('/'))
    .filter((name) => !builtins.has(name) && name !== 'electron');
  return [...new Set(packages)].sort();
}

describe.skipIf(missing && !process.env['CI'])('the desktop package electron-builder makes (chat, linux dir)', () => {
  let work = '';
  let archive = '';
  let files: string[] = [];
  let unpacked: string[] = [];

  beforeAll(() => {
    if (missing) throw new Error(missing);
    work = mkdtempSync(join(tmpdir(), 'suite-portal-package-'));
    archive = join(work, 'release/linux-unpacked/resources/app.asar');
    // A stand-in Electron: electron-builder copies the folder, renames `electron` to the app's executable and flips
    // the fuses in it; every fuse starts as Electron ships it (run as node, NODE_OPTIONS and inspect on).
    const dist = join(work, 'electron');
    mkdirSync(dist);
    const wire = Buffer.concat([Buffer.from([1, 8]), Buffer.from('10110001')]); // fuse wire version 1, 8 fuses, '1' = on
    writeFileSync(join(dist, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\nexit 1\n'), Buffer.from(SENTINEL), wire]));
    chmodSync(join(dist, 'electron'), 0o755);

    // The same build as `npm run build:chat` (scripts/desktop.mjs), so out/ is left as that command leaves it.
    const env = { PORTAL_FLAVOR: 'chat', PORTAL_SERVER_URL: process.env['PORTAL_SERVER_URL'] ?? 'http://localhost:3000' };
    run('npx', ['electron-vite', 'build'], env);
    run('npx', ['electron-builder', '--config', 'build/flavors/chat.yml', '--linux', 'dir', '--publish', 'never',
      `-c.electronDist=${dist}`, '-c.npmRebuild=false', `-c.directories.output=${join(work, 'release')}`], env);
    files = asar.listPackage(archive);
    unpacked = walk(`${archive}.unpacked`);
    const shipped = topLevelModules([...files, ...unpacked]);
    console.log(`Desktop package (chat): app.asar ${(statSync(archive).size / 1e6).toFixed(1)} MB, ${files.length} entries; ` +
      `top-level node_modules shipped: ${shipped.join(', ') || '(none)'}\n` +
      `app.asar outside out/renderer:\n  ${files.filter((f) => !f.startsWith('/out/renderer/')).join('\n  ')}\n` +
      `app.asar.unpacked:\n  ${unpacked.join('\n  ')}`);
  }, 120_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds main, preload, the renderer and the app’s package.json', () => {
    expect(files).toContain('/out/main/index.js');
    expect(files).toContain('/out/preload/index.cjs');
    expect(files).toContain('/out/renderer/index.html');
    expect(files.some((f) => /^\/out\/renderer\/assets\/.+\.js$/.test(f))).toBe(true);
    const metadata = JSON.parse(asar.extractFile(archive, 'package.json').toString()) as { name: string; main: string };
    expect(metadata).toMatchObject({ name: 'suite-chat', main: './out/main/index.js' });
  });

  it('ships keytar alone from node_modules, its native binary unpacked next to the archive', () => {
    expect(topLevelModules([...files, ...unpacked])).toEqual(['keytar']);
    expect(files).toContain('/node_modules/keytar/lib/keytar.js');
    expect(unpacked).toContain('/node_modules/keytar/build/Release/keytar.node');
    expect(unpacked).toContain('/node_modules/keytar/lib/keytar.js');
  });

  it('carries everything main and preload load at run time', () => {
    const shipped = topLevelModules([...files, ...unpacked]);
    const main = runtimeImports(asar.extractFile(archive, 'out/main/index.js').toString());
    const preload = runtimeImports(asar.extractFile(archive, 'out/preload/index.cjs').toString());
    expect(main).toContain('keytar'); // the scan sees main's require('keytar')
    expect(preload).toEqual([]); // a sandboxed preload requires nothing but electron
    for (const name of main) expect(shipped, `main loads ${name}`).toContain(name);
  });

  it('carries none of the account server’s packages', () => {
    for (const name of SERVER_PACKAGES) {
      expect([...files, ...unpacked].filter((f) => f.includes(`/node_modules/${name}/`)), name).toEqual([]);
    }
  });

  it('carries no source maps', () => {
    expect([...files, ...unpacked].filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  it('has the configured fuses flipped in the app’s executable', async () => {
    const wire = await fuses.getCurrentFuseWire(join(work, 'release/linux-unpacked/suite-chat'));
    expect(wire).toMatchObject({ 0: FUSE.DISABLE, 1: FUSE.ENABLE, 2: FUSE.DISABLE, 3: FUSE.DISABLE, 4: FUSE.ENABLE, 5: FUSE.ENABLE, 7: FUSE.DISABLE });
  });
});
