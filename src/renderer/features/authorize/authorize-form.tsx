import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import * as z from 'zod';
import { LoginPayloadSchema } from '../../../shared/protocol';
import { useT } from '../../i18n/screens';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import { TextField } from '../../ui/text-field';

/**
 * The identifier and password rules of the `login` contract (as the sign-in form has them), declared here rather than
 * imported from the sign-in screen's chunk, so the /login bundle does not change when this screen is added.
 */
export const AuthorizeSignInSchema = z.object({
  identifier: LoginPayloadSchema.shape.identifier.unwrap(),
  password: LoginPayloadSchema.shape.password,
});
export type AuthorizeSignInValues = z.output<typeof AuthorizeSignInSchema>;

/** Identifier and password of the Authorize screen; Enter or Login submits when both are valid. */
export function AuthorizeForm({ loading, onSubmit }: { loading: boolean; onSubmit: (values: AuthorizeSignInValues) => Promise<void> }) {
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof AuthorizeSignInSchema>, unknown, AuthorizeSignInValues>({
    resolver: zodResolver(AuthorizeSignInSchema),
    defaultValues: { identifier: '', password: '' },
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField
        id="authorize-identifier"
        label={t('signIn.identifier')}
        autoComplete="username"
        dir="ltr"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.identifier?.message}
        {...register('identifier')}
      />
      <PasswordField id="authorize-password" label={t('field.password')} autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <p className="form-aside">
        <Link to="/forgot-password">{t('signIn.forgotPassword')}</Link>
      </p>
      <Button type="submit" className="button-block" loading={loading}>
        {t('common.login')}
      </Button>
    </form>
  );
}
