/**
 * How the desktop apps name themselves to the account server: `SuitePortal/{flavor}/{version}` appended to
 * Electron's user agent (the main process sets it), so the security center can say "Suite Chat 1.4.0 on macOS" for
 * every session the app opens. A label, like any user agent: never trusted for access.
 */
export const DESKTOP_USER_AGENT_TOKEN = 'SuitePortal';

/** Electron's user agent with the app's token appended (once). */
export function desktopUserAgent(base: string, flavor: 'chat' | 'track', version: string): string {
  const token = `${DESKTOP_USER_AGENT_TOKEN}/${flavor}/${version}`;
  return base.includes(token) ? base : `${base} ${token}`.trim();
}
