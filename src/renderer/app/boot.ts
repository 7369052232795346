import type { PortalConfig } from '../../shared/protocol/http';
import { configureConnection, connect, embeddedPortalConfig, fetchPortalConfig, portalConfigFromText, setPortalConfig, type ConnectionAuth } from '../api';
import { startConsoleSwitch } from '../features/console-logging/start-console-switch';
import { startTheme } from '../features/theme/theme';
import { platform } from '../platform';
import { COOKIES, LOCAL_KEYS, readCookie, readLocal, writeLocal } from '../session/local-values';
import { logout } from '../session/logout';
import { connectionChanged, restored, updateSession, useSessionStore, type SessionState } from '../session/session-store';

/** The handshake: the session's token, flagged 'onboarding' when it is an onboarding employee's (spec section 7). */
const authOf = (session: SessionState): ConnectionAuth => ({
  token: session.token,
  accountType: readLocal(LOCAL_KEYS.onboardingEmployeeId) ? 'onboarding' : 'user',
});

let booting: Promise<void> | null = null;
let booted = false;

/**
 * Start-up, once per page: load the runtime configuration, restore the session from cookies, and keep the socket's
 * handshake in step with the session's token (a new token means a new connection).
 *
 * Returns null once start-up has finished. In a browser it finishes at once, before the first render: the platform has
 * nothing to load and the server wrote the portal config into the page, so /login's first paint is the sign-in screen
 * (npm run bench -- lcp). Otherwise the promise says when it finishes: the desktop apps load their platform and
 * fetch the config, and so does a page the service worker served (its copy of the page carries no config).
 */
export function boot(): Promise<void> | null {
  if (booted) return null;
  if (booting) return booting;
  const platformStarting = platform.start();
  const embedded = platformStarting ? null : embeddedPortalConfig(document);
  if (embedded) {
    try {
      start(embedded);
      return null;
    } catch (error) {
      // As when the asynchronous start-up fails: the "could not start" screen, not a blank page.
      booting = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      return booting;
    }
  }
  booting = (async () => {
    await platformStarting;
    start(await loadPortalConfig());
  })();
  return booting;
}

/** Start-up could not reach the server and has no settings from an earlier visit: the "You are offline" page. */
export class OfflineError extends Error {
  override name = 'OfflineError';
}

/**
 * The portal settings fetched from the server; offline (the service worker served the app), the ones remembered at the
 * last start, so the sign-in screen can say "You are offline" instead of failing to start.
 */
async function loadPortalConfig(): Promise<PortalConfig> {
  try {
    return await fetchPortalConfig(platform.serverOrigin());
  } catch (error) {
    const offline = !navigator.onLine || error instanceof TypeError;
    if (!offline) throw error;
    // Unreadable or invalid: as if nothing was remembered.
    const remembered = portalConfigFromText(readLocal(LOCAL_KEYS.portalConfig));
    if (remembered) return remembered;
    throw new OfflineError('You are offline.');
  }
}

function start(config: PortalConfig): void {
  startTheme();
  // Remembered for a start without the server (the service worker's copy of the page, offline).
  writeLocal(LOCAL_KEYS.portalConfig, JSON.stringify(config));
  setPortalConfig(config);
  startConsoleSwitch();
  updateSession(restored, {
    token: readCookie(COOKIES.token),
    email: readCookie(COOKIES.email),
  });
  configureConnection({
    onUnauthenticated: () => void logout('session-ended'),
    onConnectedChange: (connected) => updateSession(connectionChanged, connected),
  });
  connect(authOf(useSessionStore.getState()));
  useSessionStore.subscribe((session, previous) => {
    if (session.token !== previous.token) connect(authOf(session));
  });
  booted = true;
}
