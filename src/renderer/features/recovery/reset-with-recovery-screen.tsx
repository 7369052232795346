import { useT } from '../../i18n/screens';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api';
import { recoveryUserStored, updateSession, useSessionStore } from '../../session/session-store';
import { AuthLayout } from '../../ui/auth-layout';
import { ResetPasswordForm } from '../password-reset/reset-password-form';

/**
 * Reset Password by recovery code (/reset-with-recovery): the variant without a code in the path; it resets with
 * the ticket forgotPasswordWithRecoveryCode stored (in memory), then shows the same success as /reset/{code}. The
 * recovery code stood in for the password only: the code that replaces it was mailed to the account's address, and
 * signing in still asks for the second factor.
 */
export function ResetWithRecoveryScreen() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.forgotRecoveryUser);
  // Set when the reset succeeded: the ticket is then spent and cleared, which must not send the user back.
  const [finished, setFinished] = useState(false);

  // Opened without a ticket (a reload drops it: it is held in memory only): start again.
  useEffect(() => {
    if (!user && !finished) navigate('/forget-with-recovery', { replace: true });
  }, [user, finished, navigate]);

  return (
    <AuthLayout>
      <ResetPasswordForm
        idPrefix="reset-recovery"
        lead={t('recovery.resetLead')}
        loginPath="/login"
        notice={
          // One message: recovery.resetNotice includes MESSAGES.recoveryCodeMailed, word for word.
          <p role="status">{t('recovery.resetNotice')}</p>
        }
        onReset={async ({ password, cpassword }) => {
          if (!user) throw new Error('Start again with your recovery code.');
          await call('resetPassword', { password, cpassword, user });
          setFinished(true);
          updateSession(recoveryUserStored, null);
        }}
      />
    </AuthLayout>
  );
}
