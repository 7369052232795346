import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The Electron binary to run the app with: ELECTRON_BINARY, else the one the electron package has downloaded
 * (node_modules/electron/dist). Never triggers a download: null when there is none.
 */
export function findElectronBinary(): string | null {
  const named = process.env['ELECTRON_BINARY'];
  if (named) return existsSync(named) ? named : null;
  const pkg = resolve(import.meta.dirname, '../../node_modules/electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

export const NO_ELECTRON_MESSAGE =
  'No Electron binary here: set ELECTRON_BINARY to an Electron 45 executable (or let `npx install-electron` fetch one) to run the Electron end-to-end specs.';
