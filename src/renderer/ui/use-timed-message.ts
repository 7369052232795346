import { useCallback, useEffect, useState } from 'react';

/** Spec sections 8 and 9: an inline error is cleared after 5000 ms. */
export const MESSAGE_TIMEOUT_MS = 5000;

/**
 * A message that clears itself after `timeoutMs`. Showing the same text again restarts the clock, so a repeated
 * failure stays visible for the full time.
 */
export function useTimedMessage(timeoutMs = MESSAGE_TIMEOUT_MS): [string | null, (message: string | null) => void] {
  const [shown, setShown] = useState<{ text: string; serial: number } | null>(null);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), timeoutMs);
    return () => clearTimeout(timer);
  }, [shown, timeoutMs]);

  const show = useCallback((message: string | null) => {
    setShown((previous) => (message === null ? null : { text: message, serial: (previous?.serial ?? 0) + 1 }));
  }, []);

  return [shown?.text ?? null, show];
}
