import { callWithoutForcedLogout, disconnect } from '../api/connection';
import { platform } from '../platform';
import { LOCAL_KEYS, readLocal } from './local-values';
import { clearSavedSession } from './saved-session';
import { useSessionStore } from './session-store';

/** The server is told, but a slow or absent answer must not keep the user from leaving. */
const NOTIFY_TIMEOUT_MS = 3000;

let inProgress = false;

/**
 * sessionStorage key: that a logout just happened, and why ('user' when the user asked), for the sign-in screen
 * to say why and to put the focus on its heading (read once).
 */
export const LOGOUT_REASON_KEY = 'logout_reason';

/** A logout the user did not ask for: the server ended the session (401, a refused token). */
export type LogoutReason = 'session-ended';

/**
 * Spec section 4, Logout: tell the server (with the device token when one is stored; its failure is ignored),
 * clear the session, storage and cookies, then load /login afresh. Safe to call more than once. A forced logout
 * passes its reason, which survives the clearing so the sign-in screen can say why.
 */
export async function logout(reason?: LogoutReason): Promise<void> {
  if (inProgress) return;
  inProgress = true;
  const { token } = useSessionStore.getState();
  const deviceToken = readLocal(LOCAL_KEYS.deviceToken);
  if (token) {
    const notify = callWithoutForcedLogout('logout', deviceToken ? { device_token: deviceToken } : {}).catch(() => undefined);
    await Promise.race([notify, new Promise((resolve) => setTimeout(resolve, NOTIFY_TIMEOUT_MS))]);
  }
  disconnect();
  clearSavedSession();
  try {
    sessionStorage.setItem(LOGOUT_REASON_KEY, reason ?? 'user');
  } catch {
    // The sign-in screen then says nothing; the logout still happens.
  }
  // A full load of /login: nothing of the old session survives in memory. The store is left alone until then,
  // because clearing it would let the route guard move to /login first, and that second navigation races the load.
  platform.redirect('/login');
}
