import { useT } from '../../i18n/screens';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { RecoveryCodeSchema, requiredText } from '../../../shared/validation/fields';
import { call, errorMessage } from '../../api';
import { recoveryUserStored, updateSession } from '../../session/session-store';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useTimedMessage } from '../../ui/use-timed-message';

export const ForgetWithRecoverySchema = z.object({ identifier: requiredText(254), recoveryCode: RecoveryCodeSchema });
type Values = z.output<typeof ForgetWithRecoverySchema>;

/** Forgot with recovery code (/forget-with-recovery): identifier and recovery code, then /reset-with-recovery. */
export function ForgetWithRecoveryScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ForgetWithRecoverySchema>, unknown, Values>({
    resolver: zodResolver(ForgetWithRecoverySchema),
    defaultValues: { identifier: '', recoveryCode: '' },
  });

  const submit = async (values: Values) => {
    setLoading(true);
    try {
      const reply = await call('forgotPasswordWithRecoveryCode', values);
      updateSession(recoveryUserStored, reply.user);
      navigate('/reset-with-recovery');
    } catch (error) {
      showServerError(errorMessage(error));
      setLoading(false);
    }
  };

  return (
    <AuthLayout>
      <header className="screen-header">
        <h1>{t('signIn.forgotPassword')}</h1>
        <p className="lead">{t('recovery.forgetLead')}</p>
      </header>
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <TextField id="recovery-identifier" label={t('recovery.identifier')} autoComplete="username" dir="ltr" error={errors.identifier?.message} {...register('identifier')} />
        <TextField id="recovery-code" label={t('mfaSetup.recoveryCode')} placeholder="xxxx-xxxxx" autoComplete="off" dir="ltr" error={errors.recoveryCode?.message} {...register('recoveryCode')} />
        <AlertMessage message={serverError} />
        <Button type="submit" className="button-block" loading={loading}>
          {t('common.submit')}
        </Button>
      </form>
      <p className="screen-footer">
        {t('forgot.remembered')} <Link to="/login">{t('common.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}
