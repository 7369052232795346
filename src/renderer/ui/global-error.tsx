import { lazy, Suspense } from 'react';
import { create } from 'zustand';
import { CallError, ERROR_CODES } from '../../shared/protocol/errors';

const DefaultDialog = lazy(() => import('./dialog/default-dialog').then((module) => ({ default: module.DefaultDialog })));
const useGlobalError = create<{ message: string | null }>()(() => ({ message: null }));

/** Shows a message in the global alert ('Oops!!' and the message). */
export function showGlobalError(message: string): void {
  useGlobalError.setState({ message });
}

/**
 * The message of a failed reply (its data.error), or null for something that is not one. A 401 is not shown:
 * it logs the user out instead (spec section 8).
 */
export function replyErrorMessage(reason: unknown): string | null {
  if (reason instanceof CallError) return reason.code === ERROR_CODES.UNAUTHENTICATED ? null : reason.message || null;
  if (typeof reason !== 'object' || reason === null) return null;
  const data = (reason as { data?: unknown }).data;
  if (typeof data === 'object' && data !== null && typeof (data as { error?: unknown }).error === 'string') return (data as { error: string }).error;
  return null;
}

/**
 * Spec section 8, the global handler: a failed reply that no screen handled (its promise rejected with nobody
 * listening) shows its data.error in an alert. Returns the function that removes the handler.
 */
export function installGlobalErrorHandler(target: Window = window): () => void {
  const listener = (event: PromiseRejectionEvent) => {
    const message = replyErrorMessage(event.reason);
    if (!message) return;
    event.preventDefault();
    showGlobalError(message);
  };
  target.addEventListener('unhandledrejection', listener);
  return () => target.removeEventListener('unhandledrejection', listener);
}

/** The global alert, mounted once at the root; its dialog code loads only when there is something to show. */
export function GlobalErrorAlert() {
  const message = useGlobalError((state) => state.message);
  if (!message) return null;
  return (
    <Suspense fallback={null}>
      <DefaultDialog open message={message} onClose={() => useGlobalError.setState({ message: null })} />
    </Suspense>
  );
}
