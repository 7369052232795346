import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The commit being built; PORTAL_COMMIT overrides it, 'unknown' outside a git checkout. */
export function buildCommit(): string {
  if (process.env.PORTAL_COMMIT) return process.env.PORTAL_COMMIT;
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'unknown';
  }
}

/**
 * The renderer's build constants, shared by the web, desktop and test configs: the portal's version and a build id
 * that differs for every build (PORTAL_BUILD_ID overrides it), shown in Troubleshooting and New Release.
 */
export function rendererBuildDefines(): Record<string, string> {
  const { version } = JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as { version: string };
  const build = process.env.PORTAL_BUILD_ID ?? `${version}+${buildCommit()}.${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
  return { __PORTAL_VERSION__: JSON.stringify(version), __PORTAL_BUILD__: JSON.stringify(build) };
}
