import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { EmailSchema } from '../../../shared/validation/fields';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useTimedMessage } from '../../ui/use-timed-message';
import { useOrgFlow } from './use-org-flow';

export const ForgotSchema = z.object({ email: EmailSchema });

/** Forgot Password? (/forgot-password and the organization variants): mails a reset link, then /email-sent. */
export function ForgotPasswordScreen() {
  const { orgPath, base } = useOrgFlow();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ForgotSchema>, unknown, z.output<typeof ForgotSchema>>({ resolver: zodResolver(ForgotSchema), defaultValues: { email: '' } });

  const submit = async ({ email }: z.output<typeof ForgotSchema>) => {
    setLoading(true);
    try {
      if (orgPath) await call('onboardingForgotPassword', { email, orgId: orgPath.orgId });
      else await call('forgotPassword', { email });
      navigate(`${base}/email-sent`);
    } catch (error) {
      showServerError(errorMessage(error));
      setLoading(false);
    }
  };

  return (
    <AuthLayout orgId={orgPath?.orgId}>
      <header className="screen-header">
        <h1>Forgot Password?</h1>
        <p className="lead">Enter the email address of your account and we will mail you a link to reset your password.</p>
      </header>
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <TextField id="forgot-email" label="Email address" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <AlertMessage message={serverError} />
        {orgPath ? null : (
          <p className="form-aside">
            <Link to="/forget-with-recovery">Try Recovery code?</Link>
          </p>
        )}
        <Button type="submit" className="button-block" loading={loading}>
          Submit
        </Button>
      </form>
      <p className="screen-footer">
        Remembered it? <Link to={`${base}/login`}>Back to Sign In</Link>
      </p>
    </AuthLayout>
  );
}

/** Email Sent: the confirmation after a reset request, worded the same whether or not the address has an account. */
export function EmailSentScreen() {
  const { orgPath, base } = useOrgFlow();
  return (
    <AuthLayout orgId={orgPath?.orgId}>
      <header className="screen-header">
        <h1>Email Sent</h1>
        <p className="lead">
          If an account exists for that address, a link to reset your password is on its way. It works once and expires in one hour. Check your spam
          folder if it does not arrive.
        </p>
      </header>
      <div className="actions actions-start">
        <Link className="button button-primary" to={`${base}/login`}>
          Login
        </Link>
      </div>
    </AuthLayout>
  );
}
