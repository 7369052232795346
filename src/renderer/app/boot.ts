import { configureConnection, connect, fetchPortalConfig, setPortalConfig, type ConnectionAuth } from '../api';
import { platform } from '../platform';
import { COOKIES, LOCAL_KEYS, readCookie, readLocal } from '../session/local-values';
import { logout } from '../session/logout';
import { connectionChanged, restored, updateSession, useSessionStore, type SessionState } from '../session/session-store';

const authOf = (session: SessionState): ConnectionAuth => ({ token: session.token, accountType: session.accountType });

let booting: Promise<void> | null = null;

/**
 * Start-up, once per page: load the runtime configuration, restore the session from cookies, and keep the socket's
 * handshake in step with the session's token (a new token means a new connection).
 */
export function boot(): Promise<void> {
  booting ??= start();
  return booting;
}

async function start(): Promise<void> {
  await platform.start();
  setPortalConfig(await fetchPortalConfig(platform.serverOrigin()));
  updateSession(restored, {
    token: readCookie(COOKIES.token),
    email: readCookie(COOKIES.email),
    accountType: readLocal(LOCAL_KEYS.accountType) === 'onboarding' ? 'onboarding' : 'user',
  });
  configureConnection({
    onUnauthenticated: () => void logout(),
    onConnectedChange: (connected) => updateSession(connectionChanged, connected),
  });
  connect(authOf(useSessionStore.getState()));
  useSessionStore.subscribe((session, previous) => {
    if (session.token !== previous.token || session.accountType !== previous.accountType) connect(authOf(session));
  });
}
