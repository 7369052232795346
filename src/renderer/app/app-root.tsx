import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { platform } from '../platform';
import { Button } from '../ui/button';
import { GlobalErrorAlert, installGlobalErrorHandler } from '../ui/global-error';
import { LoadingScreen } from '../ui/spinner';
import { Toaster } from '../ui/toast';
import '../ui/lifecycle.css';
import { OFFLINE_MESSAGE } from '../ui/use-online';
import { boot, OfflineError } from './boot';
import { PlatformStatus } from './platform-status';
import { createAppRouter } from './router';
import { startWebUpdates } from './web-updates';

type RootState =
  | { status: 'booting' }
  | { status: 'ready'; router: ReturnType<typeof createAppRouter> }
  | { status: 'failed'; message: string }
  | { status: 'offline' };

/** Boots the portal (configuration, session, socket), then hands over to the router. */
export function AppRoot() {
  const [state, setState] = useState<RootState>({ status: 'booting' });

  // Spec section 8: a failed reply no screen handled shows its message in an alert.
  useEffect(() => installGlobalErrorHandler(), []);

  useEffect(() => {
    let current = true;
    boot().then(
      () => {
        if (!current) return;
        setState({ status: 'ready', router: createAppRouter() });
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
  }, []);

  if (state.status === 'ready')
    return (
      <>
        <PlatformStatus />
        <RouterProvider router={state.router} />
        <Toaster />
        <GlobalErrorAlert />
      </>
    );
  if (state.status === 'booting') return <LoadingScreen fullPage label="Loading Suite Portal…" />;
  if (state.status === 'offline')
    return (
      <main className="standalone">
        <h1>You are offline</h1>
        <p className="lead" role="status">
          {OFFLINE_MESSAGE}
        </p>
        <Button onClick={() => platform.reload()}>Try again</Button>
      </main>
    );
  return (
    <main className="standalone">
      <h1>Suite Portal could not start</h1>
      <p className="lead" role="alert">
        {state.message} Check your connection and try again.
      </p>
      <Button onClick={() => platform.reload()}>Try again</Button>
    </main>
  );
}
