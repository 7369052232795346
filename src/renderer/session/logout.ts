import { callWithoutForcedLogout, disconnect } from '../api/connection';
import { platform } from '../platform';
import { clearStoredSession, LOCAL_KEYS, readLocal } from './local-values';
import { useSessionStore } from './session-store';

/** The server is told, but a slow or absent answer must not keep the user from leaving. */
const NOTIFY_TIMEOUT_MS = 3000;

let inProgress = false;

/**
 * Spec section 4, Logout: tell the server (with the device token when one is stored; its failure is ignored),
 * clear the session, storage and cookies, then load /login afresh. Safe to call more than once.
 */
export async function logout(): Promise<void> {
  if (inProgress) return;
  inProgress = true;
  const { token } = useSessionStore.getState();
  const deviceToken = readLocal(LOCAL_KEYS.deviceToken);
  if (token) {
    const notify = callWithoutForcedLogout('logout', deviceToken ? { device_token: deviceToken } : {}).catch(() => undefined);
    await Promise.race([notify, new Promise((resolve) => setTimeout(resolve, NOTIFY_TIMEOUT_MS))]);
  }
  disconnect();
  clearStoredSession();
  // A full load of /login: nothing of the old session survives in memory. The store is left alone until then,
  // because clearing it would let the route guard move to /login first, and that second navigation races the load.
  platform.redirect('/login');
}
