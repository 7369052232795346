import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { platform } from '../../platform';
import { LOCAL_KEYS, readLocal } from '../../session/local-values';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { orgFlowBase, parseOrgPath } from '../onboarding/onboarding-paths';
import { SignInForm } from './sign-in-form';
import { useSignIn } from './use-sign-in';

/**
 * Sign-in (/login) and onboarding/preboarding sign-in (/{orgId}/login, /{orgId}/preboarding/login): the same form;
 * under an organization it signs in the onboarding employee and shows the company instead of the brand.
 */
export function SignInScreen() {
  const { pathname } = useLocation();
  const orgPath = parseOrgPath(pathname);
  const { loading, serverError, submit, signInWithMicrosoft } = useSignIn(orgPath);
  const [cornerLogo] = useState(() => readLocal(LOCAL_KEYS.selectedLogo));
  // Sign-up does not work well inside mobile and in-app browsers, so it is not offered there (spec section 2).
  const [offerSignUp] = useState(() => platform.deviceKind() !== 'mobile');
  const base = orgPath ? orgFlowBase(orgPath) : '';

  return (
    <AuthLayout orgId={orgPath?.orgId} cornerLogo={cornerLogo}>
      <header className="screen-header">
        <h1>Sign In</h1>
        <p className="lead">{orgPath ? 'Use your email address or employee code and your password.' : 'Welcome back. Sign in to continue.'}</p>
      </header>
      <SignInForm loading={loading} serverError={serverError} forgotPasswordTo={`${base}/forgot-password`} onSubmit={submit} />
      {orgPath ? null : (
        <>
          <p className="divider">
            <span>or</span>
          </p>
          <Button variant="secondary" className="button-block" disabled={loading} onClick={() => void signInWithMicrosoft()}>
            <MicrosoftLogo />
            Login With Microsoft
          </Button>
        </>
      )}
      {offerSignUp ? (
        <p className="screen-footer">
          Don&apos;t have an account? <Link to={`${base}/register`}>Sign Up</Link>
        </p>
      ) : null}
    </AuthLayout>
  );
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
