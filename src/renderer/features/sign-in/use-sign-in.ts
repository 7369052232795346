import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginReply } from '../../../shared/protocol';
import { HTTP_ROUTES } from '../../../shared/protocol/http';
import { call, errorMessage } from '../../api';
import { platform } from '../../platform';
import { useTimedMessage } from '../../ui/use-timed-message';
import type { OrgPath } from '../onboarding/onboarding-paths';
import type { SignInValues } from './sign-in-schema';

/**
 * What follows the reply (`apply-login-reply.ts`, with the session module), kept out of the /login bundle: its load
 * starts with the sign-in call and is done long before the reply comes (a password check takes far longer).
 */
const replyModule = () => import('./apply-login-reply');

/** A desktop app's company sign-in that came back with nothing (the browser tab closed, or five minutes passed). */
const COMPANY_NOT_FINISHED = 'Company sign-in did not finish in the browser. Please try again.';

/**
 * The sign-in actions of one screen: the form submit (`login`, or `onboardingLogin` under /{orgId}/…) and the
 * Microsoft button, each turning the reply into the next step of spec section 4.
 */
export function useSignIn(orgPath: Pick<OrgPath, 'orgId' | 'preboarding'> | null) {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [serverError, showServerError] = useTimedMessage();

  const applyLoginReply = async (reply: LoginReply, credentials: SignInValues) =>
    (await replyModule()).applyLoginReply(reply, credentials, { navigate, showServerError });

  const signInToOrganization = async (values: SignInValues, orgId: string) => {
    const reply = await call('onboardingLogin', { email: values.identifier, password: values.password, orgId });
    // The onboarding feature's way into the boarding site, loaded as the reply comes (not part of /login).
    await (await import('../onboarding/enter-boarding')).enterBoarding(orgId, reply);
  };

  const submit = async (values: SignInValues) => {
    setLoading(true);
    showServerError(null);
    void replyModule();
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

  /**
   * "Continue with {Company} sign-in": a browser goes to `/{orgId}/sso` itself; a desktop app runs it in the system
   * browser and redeems the hand-off it brings back with its PKCE verifier (`ssoLogin`).
   */
  const signInWithCompany = async (path: string) => {
    const elsewhere = platform.companySignInInSystemBrowser;
    if (!elsewhere) return platform.redirect(`${platform.serverOrigin()}${path}`);
    setLoading(true);
    showServerError(null);
    try {
      const answer = await elsewhere(path);
      if (!answer) showServerError(COMPANY_NOT_FINISHED);
      else {
        const reply = await call('ssoLogin', { ...answer, platform: platform.deviceKind(), ...platform.loginFacts() });
        await applyLoginReply(reply, { identifier: reply.email ?? '', password: '' });
      }
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

  return { loading, serverError, submit, signInWithMicrosoft, signInWithCompany, passkey };
}

/** 32 random bytes, base64url: the value that ties a Microsoft sign-in to the window that started it. */
export function newBinding(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
