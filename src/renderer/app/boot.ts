import { parsePortalConfig, type PortalConfig } from '../../shared/protocol/http';
import { configureConnection, connect, fetchPortalConfig, setPortalConfig, type ConnectionAuth } from '../api';
import { startConsoleSwitch } from '../features/console-logging/start-console-switch';
import { startTheme } from '../features/theme/theme';
import { platform } from '../platform';
import { COOKIES, LOCAL_KEYS, readCookie, readLocal, writeLocal } from '../session/local-values';
import { logout } from '../session/logout';
import { connectionChanged, restored, updateSession, useSessionStore, type SessionState } from '../session/session-store';

const authOf = (session: SessionState): ConnectionAuth => ({ token: session.token });

let booting: Promise<void> | null = null;

/**
 * Start-up, once per page: load the runtime configuration, restore the session from cookies, and keep the socket's
 * handshake in step with the session's token (a new token means a new connection).
 */
export function boot(): Promise<void> {
  booting ??= start();
  return booting;
}

/** Start-up could not reach the server and has no settings from an earlier visit: the "You are offline" page. */
export class OfflineError extends Error {
  override name = 'OfflineError';
}

/**
 * The portal settings from the server, remembered for the next start; offline (the service worker served the app),
 * the remembered ones, so the sign-in screen can say "You are offline" instead of failing to start.
 */
async function loadPortalConfig(): Promise<PortalConfig> {
  try {
    const config = await fetchPortalConfig(platform.serverOrigin());
    writeLocal(LOCAL_KEYS.portalConfig, JSON.stringify(config));
    return config;
  } catch (error) {
    const offline = !navigator.onLine || error instanceof TypeError;
    if (!offline) throw error;
    let remembered: unknown;
    try {
      remembered = JSON.parse(readLocal(LOCAL_KEYS.portalConfig) ?? 'null');
    } catch {
      // Unreadable: as if nothing was remembered.
    }
    const parsed = parsePortalConfig(remembered);
    if (parsed) return parsed;
    throw new OfflineError('You are offline.');
  }
}

async function start(): Promise<void> {
  await platform.start();
  startTheme();
  setPortalConfig(await loadPortalConfig());
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
}
