import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project's root folder (where package.json is), found from this module's own place: src/server when run from
 * source (tsx, vitest), dist/server when run built (the bundle puts this module in dist/server).
 */
export function projectRoot(from: string = import.meta.dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}.`);
  }
}
