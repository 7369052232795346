import { call } from '../api/connection';
import { CallError, ERROR_CODES } from '../../shared/protocol/errors';
import { logout } from './logout';
import { authenticated, updateSession, useSessionStore } from './session-store';

let inFlight: { token: string; promise: Promise<void> } | null = null;

/**
 * Resolves the stored token into a session (protected routes, spec section 2). A refused token logs out
 * (spec section 4, Forced logout); only a server failure or no answer (500) is left to the caller to retry.
 * Concurrent callers share one request.
 */
export function authenticateStoredToken(): Promise<void> {
  const { token } = useSessionStore.getState();
  if (!token) return Promise.resolve();
  if (inFlight?.token === token) return inFlight.promise;
  const promise = call('authenticate', { token })
    .then((reply) => {
      if (useSessionStore.getState().token === token) updateSession(authenticated, reply);
    })
    .catch(async (error: unknown) => {
      if (error instanceof CallError && error.code !== ERROR_CODES.INTERNAL) {
        await logout('session-ended');
        return;
      }
      throw error;
    })
    .finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
  inFlight = { token, promise };
  return promise;
}
