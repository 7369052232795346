import * as z from 'zod';
import { DesktopFlavorSchema, type DesktopFlavor } from '../shared/bridge';
import { FLAVORS } from './flavor';

/** Values baked in by electron.vite.config.ts from the build's environment (see README.md in this folder). */
export interface BuildDefaults {
  flavor: string;
  serverUrl: string;
  updatesUrl: string;
  commit: string;
  buildDate: string;
}

/** The desktop app's configuration once resolved. */
export interface DesktopConfig {
  flavor: DesktopFlavor;
  /** Origin of the account server, e.g. https://portal.example.com. */
  serverOrigin: string;
  /** Generic-provider feed URL of this flavor's updates, or null when updates are off. */
  updatesUrl: string | null;
  commit: string;
  buildDate: string;
}

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without credentials');

/**
 * Build-time values, overridden by the same variables at run time (PORTAL_FLAVOR, PORTAL_SERVER_URL,
 * PORTAL_UPDATES_URL) so one build can be pointed at a test server. A bad value throws, naming the variable.
 */
export function resolveDesktopConfig(build: BuildDefaults, env: Record<string, string | undefined>): DesktopConfig {
  const problems: string[] = [];
  const pick = (name: string, fallback: string) => (env[name] !== undefined && env[name] !== '' ? env[name] : fallback);

  const flavorRaw = pick('PORTAL_FLAVOR', build.flavor);
  const flavor = DesktopFlavorSchema.safeParse(flavorRaw);
  if (!flavor.success) problems.push(`PORTAL_FLAVOR: must be chat or track (got ${JSON.stringify(flavorRaw)})`);

  const serverRaw = pick('PORTAL_SERVER_URL', build.serverUrl || 'http://localhost:3000');
  const server = httpUrl.safeParse(serverRaw);
  if (!server.success) problems.push(`PORTAL_SERVER_URL: must be an http(s) URL without credentials (got ${JSON.stringify(serverRaw)})`);

  const chosen: DesktopFlavor = flavor.success ? flavor.data : 'chat';
  const serverOrigin = server.success ? new URL(server.data).origin : 'http://localhost:3000';
  const updatesRaw = pick('PORTAL_UPDATES_URL', build.updatesUrl);
  let updatesUrl: string | null;
  if (updatesRaw === 'off') updatesUrl = null;
  else if (updatesRaw === '') updatesUrl = `${serverOrigin}/updates/${FLAVORS[chosen].updateChannel}`;
  else {
    const parsed = httpUrl.safeParse(updatesRaw);
    if (!parsed.success) problems.push(`PORTAL_UPDATES_URL: must be an http(s) URL or "off" (got ${JSON.stringify(updatesRaw)})`);
    updatesUrl = parsed.success ? parsed.data.replace(/\/+$/, '') : null;
  }

  if (problems.length > 0) throw new Error(`Invalid desktop configuration:\n  - ${problems.join('\n  - ')}`);
  return { flavor: chosen, serverOrigin, updatesUrl, commit: build.commit || 'unknown', buildDate: build.buildDate || 'unknown' };
}
