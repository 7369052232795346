import { useEffect, useState } from 'react';
import { RouterProvider, type DataRouter } from 'react-router-dom';
import { platform } from '../platform';
import { Button } from '../ui/button';
import { GlobalErrorAlert, installGlobalErrorHandler } from '../ui/global-error';
import { LoadingScreen } from '../ui/spinner';
import { Toaster } from '../ui/toast';
import '../ui/lifecycle.css';
import { t, tEnglish, useT } from '../i18n';
import { boot, OfflineError } from './boot';
import { PlatformStatus } from './platform-status';
import { createAppRouter } from './router';
import { startWebUpdates } from './web-updates';

type RootState = { status: 'booting' } | { status: 'ready' } | { status: 'failed'; message: string } | { status: 'offline' };

let router: ReturnType<typeof createAppRouter> | null = null;
/** One router per page, made once start-up has finished (its guard reads the session and the portal config). */
const appRouter = () => (router ??= createAppRouter());

/**
 * Boots the portal (configuration, session, socket), then hands over to the router. In a browser start-up finishes
 * before the first render (boot.ts), and the first thing painted is the route's screen; the desktop apps, and a page
 * the service worker served, show "Loading Suite Portal…" until it has.
 */
export function AppRoot() {
  useT();
  // What start-up still waits for, asked once: null when it finished before this first render.
  const [starting] = useState(boot);
  const [state, setState] = useState<RootState>(starting ? { status: 'booting' } : { status: 'ready' });

  // Spec section 8: a failed reply no screen handled shows its message in an alert.
  useEffect(() => installGlobalErrorHandler(), []);

  useEffect(() => {
    if (!starting) {
      startWebUpdates();
      return;
    }
    let current = true;
    starting.then(
      () => {
        if (!current) return;
        setState({ status: 'ready' });
        startWebUpdates();
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof OfflineError) {
          setState({ status: 'offline' });
          // Back online: start again from the top.
          window.addEventListener('online', () => platform.reload(), { once: true });
          return;
        }
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [starting]);

  if (state.status === 'ready') return <PortalApp router={appRouter()} />;
  if (state.status === 'booting') return <LoadingScreen fullPage label={t('boot.loading')} />;
  if (state.status === 'offline')
    return (
      <main className="standalone">
        <h1>{t('boot.offlineTitle')}</h1>
        <p className="lead" role="status">
          {t('app.offline')}
        </p>
        <Button onClick={() => platform.reload()}>{t('boot.tryAgain')}</Button>
      </main>
    );
  return (
    <main className="standalone">
      <h1>{t('boot.failedTitle')}</h1>
      <p className="lead" role="alert">
        {t('boot.failedLead', { message: tEnglish(state.message) })}
      </p>
      <Button onClick={() => platform.reload()}>{t('boot.tryAgain')}</Button>
    </main>
  );
}

/**
 * The portal once started: its notices, the routed screen, toasts and the global alert. The build renders it too, at
 * /login with nothing stored (login-shell.tsx), and the page hydrates that markup: what it shows on its first render
 * must not depend on anything only the browser knows (such values come from useSyncExternalStore's server snapshot,
 * or after hydration: ui/use-hydrated.ts).
 */
export function PortalApp({ router }: { router: DataRouter }) {
  return (
    <>
      {/* Only the desktop apps have a notice or an update to show (the web platform's never change): /login's
          first paint in a browser carries none of it. */}
      {__PORTAL_TARGET__ === 'desktop' ? <PlatformStatus /> : null}
      <RouterProvider router={router} />
      <Toaster />
      <GlobalErrorAlert />
    </>
  );
}
