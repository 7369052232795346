import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api';

/**
 * One list of the security center (sessions, trusted devices, passkeys, connected apps) or of the admin console (its
 * company sign-in connections): loaded when the screen opens and again after `reload()` or a `change`. A failure shows its message through `showError` and leaves an
 * empty list; null while the first load is under way. `load` must be stable (defined outside the component, or memoized), as must
 * `showError` (useTimedMessage's setter is).
 *
 * `change(action, settle)` runs a confirmed change (a sign-out, a revoke, a removal): `busy` while it runs, its
 * failure shown, then `settle` (the dialog closes) and the list loaded again, whatever happened.
 */
export function useAccountList<T>(load: () => Promise<T[]>, showError: (message: string) => void) {
  const [list, setList] = useState<T[] | null>(null);
  const [generation, setGeneration] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    load().then(
      (loaded) => current && setList(loaded),
      (failure: unknown) => {
        if (!current) return;
        showError(errorMessage(failure));
        setList([]);
      },
    );
    return () => {
      current = false;
    };
  }, [generation, load, showError]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  const change = async (action: () => Promise<void>, settle: () => void) => {
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setBusy(false);
      settle();
      reload();
    }
  };

  return { list, reload, busy, change };
}
