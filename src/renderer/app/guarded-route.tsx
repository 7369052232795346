import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { MESSAGES } from '../../shared/validation/messages';
import { errorMessage, portalConfig } from '../api';
import { tEnglish, useT } from '../i18n';
import { platform } from '../platform';
import { authenticateStoredToken } from '../session/authenticate';
import { LOCAL_KEYS, readLocal } from '../session/local-values';
import { errorCleared, errorShown, updateSession, useSessionStore, type SessionState } from '../session/session-store';
import { AuthLayout } from '../ui/auth-layout';
import { Button } from '../ui/button';
import { LoadingScreen } from '../ui/spinner';
import { decideRoute, type SessionSnapshot } from './route-guard';
import type { RouteEntry } from './route-table';

const snapshot = (session: SessionState): SessionSnapshot => ({
  hasToken: session.token !== null,
  isAuthenticated: session.isAuthenticated,
  aftrp: session.aftrp,
  hasLoginDetails: session.logInDetails !== null,
});

/** The onboarding employee whose session is stored, if it is one. */
function storedOnboardingEmployee() {
  const id = readLocal(LOCAL_KEYS.onboardingEmployeeId);
  return id ? { id, orgId: readLocal(LOCAL_KEYS.onboardingOrgId) } : null;
}

/** The one guard of the route table: asks `decideRoute`, then renders the screen, redirects, or authenticates first. */
export function GuardedRoute({ entry }: { entry: RouteEntry }) {
  const { pathname, search } = useLocation();
  const session = useSessionStore(useShallow(snapshot));
  const decision = decideRoute({
    access: entry.access,
    path: pathname,
    query: search,
    session,
    productUrls: portalConfig().productUrls,
    onboardingEmployee: storedOnboardingEmployee(),
  });

  if (decision === 'authenticate-first') return <AuthenticateFirst />;
  if (decision !== null) return decision.external ? <LeaveFor url={decision.redirect} /> : <Navigate to={decision.redirect} replace state={decision.state} />;
  const Screen = entry.screen;
  if (!Screen) return null;
  return (
    <Suspense fallback={<LoadingScreen fullPage />}>
      <Screen />
    </Suspense>
  );
}

/** Resolves the stored token; the guard decides again once the session is authenticated (or logout has begun). */
function AuthenticateFirst() {
  const t = useT();
  const error = useSessionStore((session) => session.error);

  useEffect(() => {
    if (error !== null) return;
    authenticateStoredToken().catch((failure: unknown) => updateSession(errorShown, errorMessage(failure)));
  }, [error]);

  if (error === null) return <LoadingScreen fullPage label={t('boot.checkingSession')} />;
  return (
    <AuthLayout>
      <section className="oops">
        <h1>{tEnglish(MESSAGES.somethingWrong)}</h1>
        <p role="alert">{tEnglish(error)}</p>
        <div className="actions actions-start">
          <Button onClick={() => updateSession(errorCleared)}>{t('boot.tryAgain')}</Button>
        </div>
      </section>
    </AuthLayout>
  );
}

/** Leaves the portal for a product page. */
function LeaveFor({ url }: { url: string }) {
  const t = useT();
  useEffect(() => platform.redirect(url), [url]);
  return <LoadingScreen fullPage label={t('boot.redirecting')} />;
}
