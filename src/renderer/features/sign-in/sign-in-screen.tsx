import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { portalConfig } from '../../api';
import { platform } from '../../platform';
import { LOCAL_KEYS, readLocal } from '../../session/local-values';
import { LOGOUT_REASON_KEY } from '../../session/logout';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { useHydrated } from '../../ui/use-hydrated';
import { useOnline } from '../../ui/use-online';
import { useT } from '../../i18n';
import { orgFlowBase, parseOrgPath } from '../onboarding/onboarding-paths';
import { SignInForm } from './sign-in-form';
import { useSignIn } from './use-sign-in';

// Passkeys load after the screen is up: @simplewebauthn/browser and their events are not part of /login's first paint.
const PasskeySignIn = lazy(() => import('./passkey-sign-in'));

/**
 * Sign-in (/login) and onboarding/preboarding sign-in (/{orgId}/login, /{orgId}/preboarding/login): the same form;
 * under an organization it signs in the onboarding employee and shows the company instead of the brand.
 */
export function SignInScreen() {
  const t = useT();
  const { pathname } = useLocation();
  const orgPath = parseOrgPath(pathname);
  const { loading, serverError, submit, signInWithMicrosoft, signInWithCompany, passkey } = useSignIn(orgPath);
  // What only the browser knows shows from the render after hydration: /login's page arrives with this screen in it,
  // rendered for a visitor with nothing stored (app/login-shell.tsx).
  const hydrated = useHydrated();
  const [storedLogo] = useState(() => readLocal(LOCAL_KEYS.selectedLogo));
  const cornerLogo = hydrated ? storedLogo : null;
  // Sign-up is not offered inside the browsers embedded in mobile apps (spec section 2); phones and tablets get it.
  // Until hydration the server's mark on /login's page hides it there (src/server/http/portal-page.ts).
  const offerSignUp = !hydrated || !platform.inAppBrowser();
  const [afterLogout] = useState(takeLogoutReason);
  const sessionEnded = hydrated && afterLogout === 'session-ended';
  const online = useOnline();
  // Only where the server has Microsoft sign-in configured (MS_CLIENT_ID): /portal-config.json says so.
  const [microsoftOffered] = useState(() => portalConfig().microsoftSignIn);
  const base = orgPath ? orgFlowBase(orgPath) : '';
  const flow = orgPath?.preboarding ? 'preboarding' : 'onboarding';

  return (
    <AuthLayout orgId={orgPath?.orgId} cornerLogo={cornerLogo}>
      <header className="screen-header">
        {/* After a logout the page is loaded afresh: the focus starts at the heading, as after any move between screens. */}
        <h1 tabIndex={-1} ref={afterLogout ? (heading) => heading?.focus() : undefined}>
          {t('common.signIn')}
        </h1>
        {orgPath ? (
          <p className="lead">
            {t('signIn.orgLead', { flow })} {t('signIn.orgAlreadyWorking')} <Link to="/login">{t('signIn.orgRegular')}</Link>.
          </p>
        ) : (
          <p className="lead">{t('signIn.lead')}</p>
        )}
      </header>
      {sessionEnded ? (
        <p className="notice" role="status">
          {t('signIn.sessionEnded')}
        </p>
      ) : null}
      {online ? null : (
        <p className="alert-message" role="alert">
          {t('app.offline')}
        </p>
      )}
      <SignInForm
        loading={loading}
        offline={!online}
        serverError={serverError}
        forgotPasswordTo={`${base}/forgot-password`}
        identifierLabel={t(orgPath ? 'signIn.identifierOrg' : 'signIn.identifier')}
        onSubmit={submit}
        discoverCompany={!orgPath && hydrated}
        onCompanySignIn={signInWithCompany}
      />
      {orgPath || !microsoftOffered ? null : (
        <>
          <p className="divider">
            <span>{t('common.or')}</span>
          </p>
          <Button variant="secondary" className="button-block" disabled={loading || !online} onClick={() => void signInWithMicrosoft()}>
            <MicrosoftLogo />
            {t('signIn.microsoft')}
          </Button>
        </>
      )}
      {hydrated && !orgPath ? (
        <Suspense fallback={null}>
          <PasskeySignIn withDivider={!microsoftOffered} disabled={loading || !online} {...passkey} />
        </Suspense>
      ) : null}
      {offerSignUp ? (
        <p className="screen-footer sign-up-offer">
          {t('signIn.noAccount')} <Link to={`${base}/register`}>{t('signIn.signUp')}</Link>
        </p>
      ) : null}
    </AuthLayout>
  );
}

/** Why the last logout happened ('session-ended' when forced), or null; read once, so a reload does not repeat it. */
function takeLogoutReason(): string | null | undefined {
  try {
    const reason = sessionStorage.getItem(LOGOUT_REASON_KEY);
    sessionStorage.removeItem(LOGOUT_REASON_KEY);
    return reason;
  } catch {
    // No storage: no reason to say.
  }
}

function MicrosoftLogo() {
  return (
    <svg viewBox="0 0 21 21" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}
