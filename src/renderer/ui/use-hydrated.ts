import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates markup the server sent (the prerendered /login, app/login-shell.tsx) and in that
 * prerender itself; true from the render right after, and in every render that is not hydrating. What only the
 * browser knows (stored values, the user agent) is shown once this is true, so hydration finds the markup it expects.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
