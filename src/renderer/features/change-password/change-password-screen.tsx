import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { MESSAGES } from '../../../shared/validation/messages';
import { NewPasswordSchema } from '../../../shared/validation/password';
import { call, errorMessage } from '../../api';
import { tEnglish, useT } from '../../i18n/screens';
import { signIn } from '../../session/sign-in';
import { logout } from '../../session/logout';
import { useSessionStore } from '../../session/session-store';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { PasswordField } from '../../ui/password-field';
import { TextField } from '../../ui/text-field';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { requiredString, tooLong } from '../../../shared/validation/fields';

/** Current password required (spec section 5, Other fields); new and confirm as everywhere else. */
export const ChangePasswordSchema = z
  .object({
    oldPassword: requiredString().trim().min(1, MESSAGES.required).max(128, tooLong(128)),
    password: NewPasswordSchema,
    cpassword: requiredString().trim().min(1, MESSAGES.required).max(128, tooLong(128)),
  })
  .refine((value) => value.password === value.cpassword, { message: MESSAGES.passwordMismatch, path: ['cpassword'] });
type Values = z.output<typeof ChangePasswordSchema>;

/**
 * Change Password (/change-password): where a forced change lands, and where the guard keeps the user until it is
 * done. Success replaces the token cookie (other sessions end on the server) and goes to /workspace.
 */
export function ChangePasswordScreen() {
  const t = useT();
  const navigate = useNavigate();
  const email = useSessionStore((session) => session.email);
  const employeeCode = useSessionStore((session) => session.employeeCode);
  const [loading, setLoading] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<z.input<typeof ChangePasswordSchema>, unknown, Values>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { oldPassword: '', password: '', cpassword: '' },
  });
  const typedPassword = useWatch({ control, name: 'password' });

  const submit = async (values: Values) => {
    setLoading(true);
    try {
      const { token } = await call('hrms|myPassword|update', { oldPassword: values.oldPassword, newPassword: values.password });
      await signIn({ kind: 'password-changed', token }, () => {
        showToast(tEnglish(MESSAGES.passwordUpdated));
        navigate('/workspace', { replace: true });
      });
    } catch (error) {
      showServerError(errorMessage(error));
      setLoading(false);
    }
  };

  return (
    <AuthLayout>
      <header className="screen-header">
        <h1>{t('changePassword.title')}</h1>
        <p className="lead">{t('changePassword.lead')}</p>
      </header>
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <TextField id="change-email" label={t('changePassword.email')} dir="ltr" value={email ?? ''} readOnly />
        <TextField id="change-employee-code" label={t('changePassword.employeeCode')} dir="ltr" value={employeeCode ?? '—'} readOnly />
        <PasswordField id="change-current" label={t('changePassword.current')} autoComplete="current-password" error={errors.oldPassword?.message} {...register('oldPassword')} />
        <NewPasswordFields
          idPrefix="change"
          password={register('password')}
          confirm={register('cpassword')}
          value={typedPassword}
          errors={{ password: errors.password?.message, confirm: errors.cpassword?.message }}
        />
        <AlertMessage message={serverError} />
        <div className="actions">
          <Button variant="secondary" disabled={loading} onClick={() => void logout()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={loading}>
            {t('changePassword.submit')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
