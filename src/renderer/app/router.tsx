import { createBrowserRouter } from 'react-router-dom';
import { GuardedRoute } from './guarded-route';
import { RouteErrorScreen } from './route-error-screen';
import { ROUTES } from './route-table';

/** The browser router built from the one route table; every route goes through the same guard. */
export function createAppRouter() {
  return createBrowserRouter(
    ROUTES.map((entry) => ({
      path: entry.path,
      element: <GuardedRoute entry={entry} />,
      errorElement: <RouteErrorScreen />,
    })),
  );
}
