import { lazy, Suspense } from 'react';
import { create } from 'zustand';
import { TOAST_TIMEOUT_MS } from '../../shared/limits';

/** Spec section 9: a toast closes after 5000 ms, unless the caller gives the shorter TOAST_AUTO_CLOSE_MS. */
export { TOAST_AUTO_CLOSE_MS, TOAST_TIMEOUT_MS } from '../../shared/limits';

export type ToastKind = 'success' | 'error';

// The toast library loads with the first toast, so no screen pays for it before it shows one (/login stays small).
let library: Promise<typeof import('./toaster')> | null = null;
const loadLibrary = () => (library ??= import('./toaster'));
const useToasterNeeded = create<{ needed: boolean }>()(() => ({ needed: false }));
const ToastViewport = lazy(() => loadLibrary().then((module) => ({ default: module.ToastViewport })));

/**
 * Shows a toast top-center (spec section 8): success with a green check, error with a red warning, no progress bar,
 * no close button. It outlives the screen that raised it (a toast, then a navigation).
 */
export function showToast(text: string, kind: ToastKind = 'success', options: { durationMs?: number } = {}): void {
  useToasterNeeded.setState({ needed: true });
  void loadLibrary().then(({ pushToast }) => pushToast(text, kind, options.durationMs ?? TOAST_TIMEOUT_MS));
}

/** Where toasts appear: once, at the root. Renders nothing until the first toast. */
export function Toaster() {
  const needed = useToasterNeeded((state) => state.needed);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
