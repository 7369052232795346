import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import type { LoginReply } from '../../../shared/protocol';
import { safeInternalPath } from '../../session/previous-url';
import { forgetPreviousUrl, peekPreviousUrl, saveSignIn } from '../../session/saved-session';
import { signedIn, updateSession, useSessionStore } from '../../session/session-store';

/** The held login details as the multi-factor events take them, or nothing once a session exists. */
export function heldLogin(): { identifier?: string; password?: string } {
  const { token, logInDetails } = useSessionStore.getState();
  if (token || !logInDetails) return {};
  return { identifier: logInDetails.identifier, password: logInDetails.password };
}

/**
 * Finishes a sign-in that passed its second factor: cookies, the session (which drops the held password), then
 * the saved previousURL or /workspace, in one render so no guard redirects in between.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  return (token: string, reply: LoginReply = {}, to?: { path: string; state?: unknown }) => {
    const email = reply.email ?? useSessionStore.getState().logInDetails?.email ?? null;
    saveSignIn(token, email);
    const next = to?.path ?? safeInternalPath(peekPreviousUrl()) ?? '/workspace';
    if (!to) forgetPreviousUrl();
    flushSync(() => {
      updateSession(signedIn, { token, reply: { ...reply, token, email: email ?? undefined, isCompanyMFA: true, isUserMFASetup: true } });
      navigate(next, { replace: true, flushSync: true, state: to?.state });
    });
  };
}
