import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network connection, kept up to date. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/** What every screen says while the browser is offline. */
export const OFFLINE_MESSAGE = 'You are offline. Suite Portal needs a connection to sign you in; this page carries on when you are back online.';
