/**
 * Whether console logging starts on in a page this server makes (spec section 4: "Logging is disabled on the
 * production host"; issue 24). The server only ever serves a production build of the portal (`dist/web`), so: on
 * where the page was asked for on this computer (localhost, 127.0.0.0/8, ::1: a developer or a test), off on any
 * other host (a deployment, under whatever name it is reached), and off on PRODUCTION_HOST whatever it is. Decided
 * here, per request, and written into the portal config, so /login's script carries no rule of its own. The user's
 * own Ctrl+Shift+S / Ctrl+Shift+E choice, remembered in the browser, still wins.
 */
export function consoleLoggingAt(hostname: string, productionHost: string | null): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (productionHost !== null && host === productionHost.toLowerCase()) return false;
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}
