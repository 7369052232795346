import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type * as z from 'zod';
import { MESSAGES } from '../../../shared/validation/messages';
import { NewPasswordPairSchema } from '../../../shared/validation/password';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { LoadingScreen } from '../../ui/spinner';
import { useTimedMessage } from '../../ui/use-timed-message';
import { useOrgFlow } from './use-org-flow';

/** Spec section 9: after a reset, the screen goes on to sign-in by itself after 5 s. */
export const RESET_REDIRECT_MS = 5000;

type Values = z.output<typeof NewPasswordPairSchema>;
type State = { step: 'checking' } | { step: 'invalid'; message: string } | { step: 'form'; email: string } | { step: 'done' };

/**
 * Reset Password (/reset/{code} and the organization variants): the link is checked on load, then the form,
 * then 'Password Reset' with Sign In and the automatic redirect.
 */
export function ResetPasswordScreen() {
  const { orgPath, base } = useOrgFlow();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ step: 'checking' });
  const [loading, setLoading] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const orgId = orgPath?.orgId;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<z.input<typeof NewPasswordPairSchema>, unknown, Values>({ resolver: zodResolver(NewPasswordPairSchema), defaultValues: { password: '', cpassword: '' } });
  const typedPassword = useWatch({ control, name: 'password' });

  useEffect(() => {
    let current = true;
    call('getResetCodeInfo', orgId ? { code, orgId } : { code }).then(
      (info) => current && setState({ step: 'form', email: info.email }),
      (error: unknown) => current && setState({ step: 'invalid', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [code, orgId]);

  useEffect(() => {
    if (state.step !== 'done') return;
    const timer = setTimeout(() => navigate(`${base}/login`, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.step, base, navigate]);

  const submit = async (values: Values) => {
    setLoading(true);
    try {
      if (orgId) await call('onboardingResetPassword', { orgId, password: values.password, code });
      else await call('resetPassword', { password: values.password, cpassword: values.cpassword, code });
      setState({ step: 'done' });
    } catch (error) {
      showServerError(errorMessage(error));
    }
    setLoading(false);
  };

  if (state.step === 'checking') return <LoadingScreen fullPage label="Checking your link…" />;

  return (
    <AuthLayout orgId={orgId}>
      {state.step === 'invalid' ? (
        <section className="result-panel">
          <h1>Link Not Valid</h1>
          <p role="alert">{state.message}</p>
          <div className="actions actions-start">
            <Link className="button button-primary" to={`${base}/forgot-password`}>
              Request a new link
            </Link>
            <Link className="button button-secondary" to={`${base}/login`}>
              Login
            </Link>
          </div>
        </section>
      ) : state.step === 'done' ? (
        <section className="result-panel" role="status">
          <h1>{MESSAGES.passwordResetTitle}</h1>
          <p>{MESSAGES.passwordResetDone}</p>
          <p className="lead">You will be taken to sign in in 5 seconds.</p>
          <div className="actions actions-start">
            <Link className="button button-primary" to={`${base}/login`} replace>
              Sign In
            </Link>
          </div>
        </section>
      ) : (
        <>
          <header className="screen-header">
            <h1>Reset Password</h1>
            <p className="lead">Choose a new password for {state.email}.</p>
          </header>
          <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
            <NewPasswordFields
              idPrefix="reset"
              password={register('password')}
              confirm={register('cpassword')}
              value={typedPassword}
              errors={{ password: errors.password?.message, confirm: errors.cpassword?.message }}
            />
            <AlertMessage message={serverError} />
            <div className="actions">
              <Link className="button button-secondary" to={`${base}/login`}>
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
