// Builds or packages one desktop app: node scripts/desktop.mjs build|package chat|track [electron-builder args…]
//   build    electron-vite build with PORTAL_FLAVOR set (main, preload, desktop renderer into out/)
//   package  build, then electron-builder with build/flavors/{flavor}.yml (installers into release/{flavor}/)
// PORTAL_SERVER_URL (the account server) and PORTAL_UPDATES_URL (optional feed) are read at build time; see
// src/main/README.md. Extra arguments go to electron-builder, e.g. `--linux`, `--win --ia32`, `--mac dmg`.
import { spawnSync } from 'node:child_process';

const [command, flavor, ...rest] = process.argv.slice(2);
if (!['build', 'package'].includes(command ?? '') || !['chat', 'track'].includes(flavor ?? '')) {
  console.error('Usage: node scripts/desktop.mjs build|package chat|track [electron-builder arguments]');
  process.exit(2);
}

const env = { ...process.env, PORTAL_FLAVOR: flavor, PORTAL_SERVER_URL: process.env.PORTAL_SERVER_URL ?? 'http://localhost:3000' };
const run = (bin, args) => {
  const result = spawnSync(process.platform === 'win32' ? `${bin}.cmd` : bin, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npx', ['electron-vite', 'build']);
if (command === 'package') run('npx', ['electron-builder', '--config', `build/flavors/${flavor}.yml`, '--publish', 'never', ...rest]);
