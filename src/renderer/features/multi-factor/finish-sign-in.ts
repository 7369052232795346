import { useNavigate } from 'react-router-dom';
import type { LoginReply, MfaType } from '../../../shared/protocol';
import { call } from '../../api';
import { safeInternalPath } from '../../session/previous-url';
import { forgetPreviousUrl, peekPreviousUrl } from '../../session/saved-session';
import { secondFactorRequired, updateSession, useSessionStore, type LogInDetails } from '../../session/session-store';
import { signIn } from '../../session/sign-in';

/** The held login details as the multi-factor events take them (a ticket or the password), or nothing once a session exists. */
export function heldLogin(): { identifier?: string; password?: string; ticket?: string } {
  const { token, logInDetails } = useSessionStore.getState();
  if (token || !logInDetails) return {};
  if (logInDetails.ticket) return { ticket: logInDetails.ticket };
  return { identifier: logInDetails.identifier, password: logInDetails.password };
}

/**
 * The sign-in's next call for its second factor, from the held details: without `otp` it mails a fresh code (work
 * email); with it, the session opens. A password sign-in sends `login` again (spec section 3); one whose first factor
 * cannot be sent again sends its ticket (`continueSignIn`). The held details follow the reply.
 */
export async function continueHeldSignIn(details: LogInDetails, answer: { MFAType: MfaType; otp?: string; rememberDevice?: boolean }): Promise<LoginReply> {
  const reply = details.ticket
    ? await call('continueSignIn', { ticket: details.ticket, platform: details.platform, ...answer })
    : await call('login', { identifier: details.identifier, password: details.password, platform: details.platform, ...answer });
  if (!reply.token) updateSession(secondFactorRequired, { identifier: details.identifier, password: details.password, platform: details.platform, reply: { ...reply, ticket: reply.ticket ?? details.ticket ?? undefined } });
  return reply;
}

/**
 * Finishes a sign-in that passed its second factor through the session module: the token kept, then the session
 * (which drops the held password) and the saved previousURL or /workspace, in one render so no guard redirects in between.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  return async (token: string, reply: LoginReply = {}, to?: { path: string; state?: unknown }): Promise<void> => {
    const email = reply.email ?? useSessionStore.getState().logInDetails?.email ?? null;
    const next = to?.path ?? safeInternalPath(peekPreviousUrl()) ?? '/workspace';
    if (!to) forgetPreviousUrl();
    await signIn({ kind: 'signed-in', token, reply: { ...reply, token, email: email ?? undefined, isCompanyMFA: true, isUserMFASetup: true } }, () =>
      navigate(next, { replace: true, flushSync: true, state: to?.state }),
    );
  };
}
