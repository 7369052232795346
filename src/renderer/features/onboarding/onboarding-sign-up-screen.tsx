import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import * as z from 'zod';
import { MESSAGES } from '../../../shared/validation/messages';
import { EmailSchema } from '../../../shared/validation/fields';
import { NewPasswordPairSchema } from '../../../shared/validation/password';
import { call, errorMessage } from '../../api';
import { useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { TextField } from '../../ui/text-field';
import { useTimedMessage } from '../../ui/use-timed-message';
import { useOrgFlow } from '../password-reset/use-org-flow';
import { enterBoarding } from './enter-boarding';

export const SignUpSchema = z
  .object({ email: EmailSchema, password: NewPasswordPairSchema.shape.password, cpassword: NewPasswordPairSchema.shape.cpassword })
  .refine((value) => value.password === value.cpassword, { message: MESSAGES.passwordMismatch, path: ['cpassword'] });
type Values = z.output<typeof SignUpSchema>;

/** Sign Up Your Account (/{orgId}/register, /{orgId}/preboarding/register): an employee on the organization's list sets a password. */
export function OnboardingSignUpScreen() {
  const t = useT();
  const { orgPath, base } = useOrgFlow();
  const [loading, setLoading] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<z.input<typeof SignUpSchema>, unknown, Values>({ resolver: zodResolver(SignUpSchema), defaultValues: { email: '', password: '', cpassword: '' } });
  const typedPassword = useWatch({ control, name: 'password' });
  if (!orgPath) return null;

  const submit = async (values: Values) => {
    setLoading(true);
    try {
      const reply = await call('onboardingSignUp', { email: values.email, password: values.password, orgId: orgPath.orgId });
      // The browser is leaving for the boarding page: the button stays busy.
      await enterBoarding(orgPath.orgId, reply);
    } catch (error) {
      showServerError(errorMessage(error));
      setLoading(false);
    }
  };

  return (
    <AuthLayout orgId={orgPath.orgId}>
      <header className="screen-header">
        <h1>{t('onboarding.signUpTitle')}</h1>
        <p className="lead">{t('onboarding.signUpLead')}</p>
      </header>
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <TextField id="onboarding-email" label={t('onboarding.signUpEmail')} type="email" dir="ltr" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <NewPasswordFields
          idPrefix="onboarding"
          password={register('password')}
          confirm={register('cpassword')}
          value={typedPassword}
          errors={{ password: errors.password?.message, confirm: errors.cpassword?.message }}
        />
        <AlertMessage message={serverError} />
        <Button type="submit" className="button-block" loading={loading}>
          {t('onboarding.signUpButton')}
        </Button>
      </form>
      <p className="screen-footer">
        {t('onboarding.signUpAlready')} <Link to={`${base}/login`}>{t('common.signIn')}</Link>
      </p>
    </AuthLayout>
  );
}
