import type { NavigateFunction } from 'react-router-dom';
import type { LoginReply } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { platform } from '../../platform';
import { forgetPreviousUrl, peekPreviousUrl, saveEmail } from '../../session/saved-session';
import { secondFactorRequired, updateSession } from '../../session/session-store';
import { signIn } from '../../session/sign-in';
import { loginOutcome } from './login-outcome';
import type { SignInValues } from './sign-in-schema';

/**
 * A sign-in's reply turned into its next step (spec section 4): the second factor, a forced password change, the
 * email to verify, or signed in through the session module and on to the previousURL or /workspace. Loaded by
 * `use-sign-in.ts` while the sign-in call runs, so none of it weighs on /login.
 */
export async function applyLoginReply(
  reply: LoginReply,
  credentials: SignInValues,
  screen: { navigate: NavigateFunction; showServerError: (message: string | null) => void },
): Promise<void> {
  const { navigate, showServerError } = screen;
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
}
