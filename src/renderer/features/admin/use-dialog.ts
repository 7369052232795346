import { useCallback, useState } from 'react';

/**
 * What a dialog is about (a member, an app) and whether it is open. Closing keeps the subject, so the dialog stays
 * mounted while it hides and hands the focus back to what opened it; each opening has its own `key` (a number: give it
 * a prefix of the dialog's own among siblings), so a dialog opened again starts empty (no typed word or ticked box
 * left from the last time).
 */
export function useDialog<Subject>() {
  const [state, setState] = useState<{ subject: Subject; open: boolean; key: number } | null>(null);
  return {
    subject: state?.subject ?? null,
    open: state?.open ?? false,
    key: state?.key ?? 0,
    show: useCallback((subject: Subject) => setState((current) => ({ subject, open: true, key: (current?.key ?? 0) + 1 })), []),
    hide: useCallback(() => setState((current) => (current ? { ...current, open: false } : null)), []),
  };
}
