import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type * as z from 'zod';
import { MESSAGES } from '../../../shared/validation/messages';
import { NewPasswordPairSchema } from '../../../shared/validation/password';
import { call, errorMessage } from '../../api';
import { recoveryUserStored, updateSession, useSessionStore } from '../../session/session-store';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { useTimedMessage } from '../../ui/use-timed-message';
import { RESET_REDIRECT_MS } from '../password-reset/reset-password-screen';

type Values = z.output<typeof NewPasswordPairSchema>;

/**
 * Reset Password by recovery code (/reset-with-recovery): the variant without a code in the path; it resets with
 * the ticket forgotPasswordWithRecoveryCode stored (in memory), then shows the same success as /reset/{code}.
 */
export function ResetWithRecoveryScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const freshRecoveryCode = (location.state as { recoveryCode?: string } | null)?.recoveryCode ?? null;
  const user = useSessionStore((state) => state.forgotRecoveryUser);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<z.input<typeof NewPasswordPairSchema>, unknown, Values>({ resolver: zodResolver(NewPasswordPairSchema), defaultValues: { password: '', cpassword: '' } });
  const typedPassword = useWatch({ control, name: 'password' });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  // Opened without a ticket (a reload drops it: it is held in memory only): start again.
  useEffect(() => {
    if (!user && !done) navigate('/forget-with-recovery', { replace: true });
  }, [user, done, navigate]);

  const submit = async (values: Values) => {
    if (!user) return;
    setLoading(true);
    try {
      await call('resetPassword', { password: values.password, cpassword: values.cpassword, user });
      updateSession(recoveryUserStored, null);
      setDone(true);
    } catch (error) {
      showServerError(errorMessage(error));
    }
    setLoading(false);
  };

  return (
    <AuthLayout>
      {done ? (
        <section className="result-panel" role="status">
          <h1>{MESSAGES.passwordResetTitle}</h1>
          <p>{MESSAGES.passwordResetDone}</p>
          <p className="lead">You will be taken to sign in in 5 seconds.</p>
          <div className="actions actions-start">
            <Link className="button button-primary" to="/login" replace>
              Sign In
            </Link>
          </div>
        </section>
      ) : (
        <>
          <header className="screen-header">
            <h1>Reset Password</h1>
            <p className="lead">Choose a new password.</p>
          </header>
          {freshRecoveryCode ? (
            <p role="status">
              Your recovery code was used. Your new recovery code is <code data-testid="new-recovery-code">{freshRecoveryCode}</code>; keep it somewhere safe.
            </p>
          ) : null}
          <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
            <NewPasswordFields
              idPrefix="reset-recovery"
              password={register('password')}
              confirm={register('cpassword')}
              value={typedPassword}
              errors={{ password: errors.password?.message, confirm: errors.cpassword?.message }}
            />
            <AlertMessage message={serverError} />
            <div className="actions">
              <Link className="button button-secondary" to="/login">
                Cancel
              </Link>
              <Button type="submit" loading={loading}>
                Change Password
              </Button>
            </div>
          </form>
        </>
      )}
    </AuthLayout>
  );
}
