import { Link } from 'react-router-dom';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { OFFLINE_MESSAGE } from '../../ui/use-online';
import { SignInForm } from './sign-in-form';
import type { SignInValues } from './sign-in-schema';

/** Under /{orgId}/login and /{orgId}/preboarding/login: the organization and which flow it is. */
export interface SignInOrganization {
  orgId: string;
  /** Where the flow's other pages are: /{orgId} or /{orgId}/preboarding. */
  base: string;
  flow: 'onboarding' | 'preboarding';
}

export interface SignInViewProps {
  organization: SignInOrganization | null;
  cornerLogo: string | null;
  /** The last logout was forced (the server ended the session). */
  sessionEnded: boolean;
  online: boolean;
  loading: boolean;
  serverError: string | null;
  /** Only where the server has Microsoft sign-in configured. */
  microsoftOffered: boolean;
  offerSignUp: boolean;
  onSubmit: (values: SignInValues) => Promise<void>;
  onMicrosoft: () => void;
}

/**
 * What the sign-in screen shows, from its state alone; the screen (sign-in-screen.tsx) reads that state from the
 * session, the browser and the server's answers. The build renders it too, in the portal's first render at /login
 * (app/login-shell.tsx), which the page then hydrates.
 */
export function SignInView({ organization, cornerLogo, sessionEnded, online, loading, serverError, microsoftOffered, offerSignUp, onSubmit, onMicrosoft }: SignInViewProps) {
  const base = organization?.base ?? '';
  return (
    <AuthLayout orgId={organization?.orgId} cornerLogo={cornerLogo}>
      <header className="screen-header">
        <h1>Sign In</h1>
        {organization ? (
          <p className="lead">
            This sign-in is for new employees in {organization.flow}: use the email address or employee code your HR team
            registered, and your password. Already working here? <Link to="/login">Use the regular sign-in</Link>.
          </p>
        ) : (
          <p className="lead">Welcome back. Sign in to continue.</p>
        )}
      </header>
      {sessionEnded ? (
        <p className="notice" role="status">
          Your session has ended. Please sign in again.
        </p>
      ) : null}
      {online ? null : (
        <p className="alert-message" role="alert">
          {OFFLINE_MESSAGE}
        </p>
      )}
      <SignInForm
        loading={loading}
        offline={!online}
        serverError={serverError}
        forgotPasswordTo={`${base}/forgot-password`}
        identifierLabel={organization ? 'Email address or employee code' : 'Email address or user name'}
        onSubmit={onSubmit}
      />
      {organization || !microsoftOffered ? null : (
        <>
          <p className="divider">
            <span>or</span>
          </p>
          <Button variant="secondary" className="button-block" disabled={loading || !online} onClick={onMicrosoft}>
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
