import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { platform } from '../platform';
import { Button } from '../ui/button';
import { LoadingScreen } from '../ui/spinner';
import { Toaster } from '../ui/toast';
import '../ui/lifecycle.css';
import { boot } from './boot';
import { PlatformStatus } from './platform-status';
import { createAppRouter } from './router';

type RootState = { status: 'booting' } | { status: 'ready'; router: ReturnType<typeof createAppRouter> } | { status: 'failed'; message: string };

/** Boots the portal (configuration, session, socket), then hands over to the router. */
export function AppRoot() {
  const [state, setState] = useState<RootState>({ status: 'booting' });

  useEffect(() => {
    let current = true;
    boot().then(
      () => current && setState({ status: 'ready', router: createAppRouter() }),
      (error: unknown) => current && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
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
      </>
    );
  if (state.status === 'booting') return <LoadingScreen fullPage label="Loading Suite Portal…" />;
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
