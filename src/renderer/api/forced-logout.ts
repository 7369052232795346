import type { Call } from '../../shared/protocol';
import { CallError, ERROR_CODES } from '../../shared/protocol/errors';

/**
 * Spec sections 4 and 8: a 401 from any call ends the session. The wrapper reports it and still rejects,
 * so the caller's own error handling runs as usual.
 */
export function withForcedLogout(call: Call, onUnauthenticated: () => void): Call {
  return (event, payload) =>
    call(event, payload).catch((error: unknown) => {
      if (error instanceof CallError && error.code === ERROR_CODES.UNAUTHENTICATED) onUnauthenticated();
      throw error;
    });
}
