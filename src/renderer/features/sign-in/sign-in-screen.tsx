import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { portalConfig } from '../../api';
import { platform } from '../../platform';
import { LOCAL_KEYS, readLocal } from '../../session/local-values';
import { LOGOUT_REASON_KEY } from '../../session/logout';
import { useHydrated } from '../../ui/use-hydrated';
import { useOnline } from '../../ui/use-online';
import { orgFlowBase, parseOrgPath } from '../onboarding/onboarding-paths';
import { SignInView } from './sign-in-view';
import { useSignIn } from './use-sign-in';

/**
 * Sign-in (/login) and onboarding/preboarding sign-in (/{orgId}/login, /{orgId}/preboarding/login): the same form;
 * under an organization it signs in the onboarding employee and shows the company instead of the brand.
 */
export function SignInScreen() {
  const { pathname } = useLocation();
  const orgPath = parseOrgPath(pathname);
  const { loading, serverError, submit, signInWithMicrosoft } = useSignIn(orgPath);
  // What only the browser knows shows from the render after hydration: /login's page arrives with this screen in it,
  // rendered for a visitor with nothing stored (app/login-shell.tsx).
  const hydrated = useHydrated();
  const [storedLogo] = useState(() => readLocal(LOCAL_KEYS.selectedLogo));
  const cornerLogo = hydrated ? storedLogo : null;
  // Sign-up is not offered inside the browsers embedded in mobile apps (spec section 2); phones and tablets get it.
  const offerSignUp = !hydrated || !platform.inAppBrowser();
  const [sessionEnded] = useState(takeSessionEnded);
  const online = useOnline();
  // Only where the server has Microsoft sign-in configured (MS_CLIENT_ID): /portal-config.json says so.
  const [microsoftOffered] = useState(() => portalConfig().microsoftSignIn);

  return (
    <SignInView
      organization={orgPath ? { orgId: orgPath.orgId, base: orgFlowBase(orgPath), flow: orgPath.preboarding ? 'preboarding' : 'onboarding' } : null}
      cornerLogo={cornerLogo}
      sessionEnded={hydrated && sessionEnded}
      online={online}
      loading={loading}
      serverError={serverError}
      microsoftOffered={microsoftOffered}
      offerSignUp={offerSignUp}
      onSubmit={submit}
      onMicrosoft={() => void signInWithMicrosoft()}
    />
  );
}

/** Whether the last logout was forced (the server ended the session); read once, so a reload does not repeat it. */
function takeSessionEnded(): boolean {
  try {
    const reason = sessionStorage.getItem(LOGOUT_REASON_KEY);
    sessionStorage.removeItem(LOGOUT_REASON_KEY);
    return reason === 'session-ended';
  } catch {
    return false;
  }
}
