import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppChrome } from './app-chrome';
import { GuardedRoute } from './guarded-route';
import { RouteErrorScreen } from './route-error-screen';
import { ROUTES } from './route-table';

/**
 * The portal's routes from the one route table; every route goes through the same guard, inside the chrome every
 * screen shares (header, notices, page title, focus on navigation).
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <AppChrome />,
      errorElement: <RouteErrorScreen />,
      children: ROUTES.map((entry) => ({
        path: entry.path,
        element: <GuardedRoute entry={entry} />,
        errorElement: <RouteErrorScreen />,
        handle: { title: entry.title },
      })),
    },
  ];
}

/** The browser router of the page. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
