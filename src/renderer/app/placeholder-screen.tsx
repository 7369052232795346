import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { orgFlowBase, parseOrgPath } from '../features/onboarding/onboarding-paths';
import { LogoutButton } from '../session/logout-button';
import { useSessionStore } from '../session/session-store';
import { AuthLayout } from '../ui/auth-layout';

/**
 * A screen a later issue builds: its title and an honest note. Its route and guard are already live, so the
 * screen can be replaced without touching the route table's access rules.
 */
export function placeholderScreen(title: string): ComponentType {
  function PlaceholderScreen() {
    const { pathname } = useLocation();
    const hasToken = useSessionStore((session) => session.token !== null);
    const orgPath = parseOrgPath(pathname);
    return (
      <AuthLayout orgId={orgPath?.orgId}>
        <header className="screen-header">
          <h1>{title}</h1>
          <p className="lead">This part of the portal is not available yet.</p>
        </header>
        <div className="actions actions-start">
          <Link className="button button-primary" to={orgPath ? `${orgFlowBase(orgPath)}/login` : '/login'}>
            Login
          </Link>
          {/* Signed-in screens would otherwise leave no way out (a forced password change keeps the user here). */}
          {hasToken ? <LogoutButton /> : null}
        </div>
      </AuthLayout>
    );
  }
  PlaceholderScreen.displayName = `Placeholder(${title})`;
  return PlaceholderScreen;
}
