import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { PORTAL_EVENTS } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { NewPasswordPairSchema } from '../../../shared/validation/password';
import { call, errorMessage } from '../../api';
import { ltr, useT } from '../../i18n/screens';
import { saveEmail } from '../../session/saved-session';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { TextField } from '../../ui/text-field';
import { useTimedMessage } from '../../ui/use-timed-message';

const member = PORTAL_EVENTS.registerAsMember.payload.shape;
/** The registerAsMember rules of the contract, plus the confirmation. */
export const RegisterSchema = z
  .object({ firstName: member.firstName, lastName: member.lastName, password: NewPasswordPairSchema.shape.password, cpassword: NewPasswordPairSchema.shape.cpassword })
  .refine((value) => value.password === value.cpassword, { message: MESSAGES.passwordMismatch, path: ['cpassword'] });
type Values = z.output<typeof RegisterSchema>;

/** The register outcome: name and password for the invited address; then /verify-email. */
export function RegisterAsMemberForm({ inviteCode, email }: { inviteCode: string; email: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<z.input<typeof RegisterSchema>, unknown, Values>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { firstName: '', lastName: '', password: '', cpassword: '' },
  });
  const typedPassword = useWatch({ control, name: 'password' });

  const submit = async (values: Values) => {
    setLoading(true);
    try {
      const reply = await call('registerAsMember', { firstName: values.firstName, lastName: values.lastName, email, password: values.password, inviteCode });
      saveEmail(reply.email);
      navigate(`/verify-email?email=${encodeURIComponent(reply.email)}`);
    } catch (error) {
      showServerError(errorMessage(error));
      setLoading(false);
    }
  };

  return (
    <>
      <header className="screen-header">
        <h1>{t('invite.registerTitle')}</h1>
        <p className="lead">{t('invite.registerLead', { email: ltr(email) })}</p>
      </header>
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <div className="field-row">
          <TextField id="member-first-name" label={t('invite.firstName')} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <TextField id="member-last-name" label={t('invite.lastName')} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        </div>
        <TextField id="member-email" label={t('invite.email')} dir="ltr" value={email} readOnly />
        <NewPasswordFields
          idPrefix="member"
          passwordLabel={t('field.password')}
          password={register('password')}
          confirm={register('cpassword')}
          value={typedPassword}
          errors={{ password: errors.password?.message, confirm: errors.cpassword?.message }}
        />
        <AlertMessage message={serverError} />
        <Button type="submit" className="button-block" loading={loading}>
          {t('invite.register')}
        </Button>
      </form>
    </>
  );
}
