import { create } from 'zustand';

/** Spec section 9: a toast closes itself after 3000 ms. */
export const TOAST_MS = 3000;

interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

const useToastStore = create<{ toasts: Toast[] }>()(() => ({ toasts: [] }));
let serial = 0;

/** Shows a toast top-center; it outlives the screen that raised it (a toast, then a navigation). */
export function showToast(text: string, kind: Toast['kind'] = 'success'): void {
  const id = ++serial;
  useToastStore.setState((state) => ({ toasts: [...state.toasts, { id, kind, text }] }));
  setTimeout(() => useToastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })), TOAST_MS);
}

/** Where toasts appear: once, at the root. Success is announced politely, an error at once; no close button, no progress bar. */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <p key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span aria-hidden="true" className="toast-icon">
            {toast.kind === 'success' ? '✔' : '⚠'}
          </span>
          {toast.text}
        </p>
      ))}
    </div>
  );
}
