import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import { TextField } from '../../ui/text-field';
import { SignInSchema, type SignInInput, type SignInValues } from './sign-in-schema';

interface SignInFormProps {
  loading: boolean;
  /** No connection: Login waits (the screen says why). */
  offline?: boolean;
  /** The server's answer to a failed sign-in, shown under the password field. */
  serverError: string | null;
  forgotPasswordTo: string;
  /** The identifier's label: email or user name (/login), email or employee code (onboarding, spec section 2). */
  identifierLabel: string;
  onSubmit: (values: SignInValues) => Promise<void>;
}

const SERVER_ERROR_ID = 'sign-in-server-error';

/** Identifier and password; submits (Enter or Login) only when both are valid. */
export function SignInForm({ loading, offline = false, serverError, forgotPasswordTo, identifierLabel, onSubmit }: SignInFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInInput, unknown, SignInValues>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { identifier: '', password: '' },
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField
        id="sign-in-identifier"
        label={identifierLabel}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.identifier?.message}
        {...register('identifier')}
      />
      <PasswordField
        id="sign-in-password"
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        describedBy={serverError ? SERVER_ERROR_ID : undefined}
        {...register('password')}
      />
      <AlertMessage id={SERVER_ERROR_ID} message={serverError} />
      <p className="form-aside">
        <Link to={forgotPasswordTo}>Forgot Password?</Link>
      </p>
      <Button type="submit" className="button-block" loading={loading} disabled={offline}>
        Login
      </Button>
    </form>
  );
}
