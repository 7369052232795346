import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginReply } from '../../../shared/protocol';
import { HTTP_ROUTES } from '../../../shared/protocol/http';
import { MESSAGES } from '../../../shared/validation/messages';
import { call, errorMessage, portalConfig } from '../../api';
import { platform } from '../../platform';
import { forgetPreviousUrl, peekPreviousUrl, saveEmail } from '../../session/saved-session';
import { secondFactorRequired, updateSession } from '../../session/session-store';
import { signIn } from '../../session/sign-in';
import { useTimedMessage } from '../../ui/use-timed-message';
import { boardingDocumentUrl, employeePreviewUrl, type OrgPath } from '../onboarding/onboarding-paths';
import { loginOutcome } from './login-outcome';
import type { SignInValues } from './sign-in-schema';

/**
 * The sign-in actions of one screen: the form submit (`login`, or `onboardingLogin` under /{orgId}/…) and the
 * Microsoft button, each turning the reply into the next step of spec section 4.
 */
export function useSignIn(orgPath: Pick<OrgPath, 'orgId' | 'preboarding'> | null) {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [serverError, showServerError] = useTimedMessage();

  const applyLoginReply = async (reply: LoginReply, credentials: SignInValues) => {
    const outcome = loginOutcome(reply, peekPreviousUrl());
    switch (outcome.kind) {
      case 'second-factor':
        updateSession(secondFactorRequired, { ...credentials, platform: platform.deviceKind(), reply });
        navigate(outcome.to);
        return;
      case 'change-password':
        await signIn({ kind: 'change-password', token: outcome.token, email: reply.email ?? null }, () => navigate('/change-password', { replace: true }));
        return;
      case 'verify-email': {
        // The verification screen needs the address; a user name is no use there.
        const email = outcome.email ?? (credentials.identifier.includes('@') ? credentials.identifier : null);
        if (email) saveEmail(email);
        navigate('/verify-email');
        return;
      }
      case 'signed-in':
        forgetPreviousUrl();
        // One render for both (signIn's promise): otherwise the /login guard sees the token first and sends the user
        // to /workspace, losing a previousURL such as an invitation link.
        await signIn({ kind: 'signed-in', token: outcome.token, reply }, () => navigate(outcome.to, { replace: true, flushSync: true }));
        return;
      case 'unexpected':
        showServerError(MESSAGES.somethingWrong);
        return;
    }
  };

  const signInToOrganization = async (values: SignInValues, orgId: string) => {
    const reply = await call('onboardingLogin', { email: values.identifier, password: values.password, orgId });
    // The session store is left alone (signIn's 'onboarding'): the page is leaving for the boarding site.
    const { productUrls } = portalConfig();
    await signIn({ kind: 'onboarding', token: reply.token, employeeId: reply._id }, () =>
      platform.redirect(reply.isPreBoarding ? boardingDocumentUrl(productUrls, orgId, reply._id) : employeePreviewUrl(productUrls, orgId, reply._id)),
    );
  };

  const submit = async (values: SignInValues) => {
    setLoading(true);
    showServerError(null);
    try {
      if (orgPath) {
        await signInToOrganization(values, orgPath.orgId);
        // The browser is leaving for the boarding page: the button stays busy.
        return;
      }
      const reply = await call('login', { identifier: values.identifier, password: values.password, platform: platform.deviceKind(), ...platform.loginFacts() });
      await applyLoginReply(reply, values);
    } catch (error) {
      showServerError(errorMessage(error));
    }
    setLoading(false);
  };

  const signInWithMicrosoft = async () => {
    setLoading(true);
    showServerError(null);
    try {
      // A fresh value only this window knows: the server finishes only the sign-in this window started. The popup
      // opens now, inside the click; the rest of the flow loads while the user is at Microsoft (/login does not carry it).
      const binding = newBinding();
      const popup = platform.openMicrosoftPopup(`${platform.serverOrigin()}${HTTP_ROUTES.msLogin}?binding=${binding}`);
      const outcome = await (await import('./microsoft-sign-in')).finishMicrosoftSignIn(await popup, binding);
      // No portal password to hold for a second factor: the reply carries a sign-in ticket instead.
      if ('reply' in outcome) await applyLoginReply(outcome.reply, { identifier: outcome.reply.email ?? '', password: '' });
      else showServerError(outcome.problem);
    } catch (error) {
      showServerError(errorMessage(error));
    }
    setLoading(false);
  };

  /** For the passkey button and autofill (passkey-sign-in.tsx): no password to hold, the reply carries a ticket. */
  const passkey = {
    onReply: (reply: LoginReply) => applyLoginReply(reply, { identifier: reply.email ?? '', password: '' }),
    onBusyChange: setLoading,
    onError: showServerError,
  };

  return { loading, serverError, submit, signInWithMicrosoft, passkey };
}

/** 32 random bytes, base64url: the value that ties a Microsoft sign-in to the window that started it. */
export function newBinding(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
