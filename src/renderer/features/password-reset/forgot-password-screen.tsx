import { useT } from '../../i18n/screens';
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
  const t = useT();
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
        <h1>{t('signIn.forgotPassword')}</h1>
        <p className="lead">{t('forgot.lead')}</p>
      </header>
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <TextField id="forgot-email" label={t('field.emailAddress')} type="email" dir="ltr" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <AlertMessage message={serverError} />
        {orgPath ? null : (
          <p className="form-aside">
            <Link to="/forget-with-recovery">{t('forgot.tryRecovery')}</Link>
          </p>
        )}
        <Button type="submit" className="button-block" loading={loading}>
          {t('common.submit')}
        </Button>
      </form>
      <p className="screen-footer">
        {t('forgot.remembered')} <Link to={`${base}/login`}>{t('common.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}

/** Email Sent: the confirmation after a reset request, worded the same whether or not the address has an account. */
export function EmailSentScreen() {
  const t = useT();
  const { orgPath, base } = useOrgFlow();
  return (
    <AuthLayout orgId={orgPath?.orgId}>
      <header className="screen-header">
        <h1>{t('emailSent.title')}</h1>
        <p className="lead">{t('emailSent.lead')}</p>
      </header>
      <div className="actions actions-start">
        <Link className="button button-primary" to={`${base}/login`}>
          {t('common.login')}
        </Link>
      </div>
    </AuthLayout>
  );
}
