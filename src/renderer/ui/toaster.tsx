import { useEffect } from 'react';
import { cssTransition, toast, ToastContainer } from 'react-toastify/unstyled';
import type { ToastKind } from './toast';
import './toast.css';

// react-toastify's unstyled build injects no <style> (the portal's CSP allows none); toast.css styles it.
const Fade = cssTransition({ enter: 'toast-enter', exit: 'toast-exit', appendPosition: false, collapse: true, collapseDuration: 150 });

function CheckIcon() {
  return (
    <svg className="toast-icon-check" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" fill="currentColor" />
      <path d="M5.5 10.5l3 3 6-7" fill="none" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function WarningIcon() {
  return (
    <svg className="toast-icon-warning" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M10 1.5L19 18H1L10 1.5z" fill="currentColor" />
      <path d="M10 7.5v5" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" />
      <circle cx="10" cy="15.2" r="1.1" fill="#ffffff" />
    </svg>
  );
}

/**
 * Toasts raised before the container below is in place wait here. react-toastify queues them itself, but loses them
 * when the container mounts, unmounts and mounts again, which React's StrictMode does in development builds.
 */
let containerReady = false;
const waiting: (() => void)[] = [];

export function pushToast(text: string, kind: ToastKind, durationMs: number): void {
  const show = () =>
    toast(text, {
      type: kind,
      autoClose: durationMs,
      // An error is announced at once, a success politely.
      role: kind === 'error' ? 'alert' : 'status',
      icon: kind === 'error' ? <WarningIcon /> : <CheckIcon />,
    });
  if (containerReady) show();
  else waiting.push(show);
}

/** The toast container of spec section 8: top-center, newest first, no progress bar, no close button. */
export function ToastViewport() {
  useEffect(() => {
    // On the next task, after any StrictMode remount, the container is there for good: show what waited.
    const timer = setTimeout(() => {
      containerReady = true;
      for (const show of waiting.splice(0)) show();
    }, 0);
    return () => {
      clearTimeout(timer);
      containerReady = false;
    };
  }, []);
  return <ToastContainer position="top-center" hideProgressBar closeButton={false} newestOnTop draggable={false} transition={Fade} />;
}
