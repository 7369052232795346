import { tEnglish, useT } from '../../i18n/screens';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type * as z from 'zod';
import { MESSAGES } from '../../../shared/validation/messages';
import { NewPasswordPairSchema } from '../../../shared/validation/password';
import { errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { useTimedMessage } from '../../ui/use-timed-message';

/** Spec section 9: after a reset, the screen goes on to sign-in by itself after 5 s. */
export const RESET_REDIRECT_MS = 5000;

export type NewPasswordPair = z.output<typeof NewPasswordPairSchema>;

interface ResetPasswordFormProps {
  /** Keeps field ids unique per screen. */
  idPrefix: string;
  lead: string;
  /** Where Cancel, Sign In and the automatic redirect go. */
  loginPath: string;
  /** Shown above the fields (the new recovery code, on the recovery variant). */
  notice?: ReactNode;
  /** Sends the new password; a rejection is shown under the fields. */
  onReset: (values: NewPasswordPair) => Promise<void>;
}

/** A ref that focuses its element once, when it mounts (stable, so a re-render does not move focus again). */
const focusWhenShown = (element: HTMLElement | null) => element?.focus();

/**
 * The Reset Password form and its success ('Password Reset' with Sign In and the 5-second redirect), shared by the
 * mailed-link screens and the recovery-code variant, which differ only in how they reset.
 */
export function ResetPasswordForm({ idPrefix, lead, loginPath, notice, onReset }: ResetPasswordFormProps) {
  const t = useT();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<z.input<typeof NewPasswordPairSchema>, unknown, NewPasswordPair>({
    resolver: zodResolver(NewPasswordPairSchema),
    defaultValues: { password: '', cpassword: '' },
  });
  const typedPassword = useWatch({ control, name: 'password' });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(loginPath, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, loginPath, navigate]);

  const submit = async (values: NewPasswordPair) => {
    setLoading(true);
    try {
      await onReset(values);
      setDone(true);
    } catch (error) {
      showServerError(errorMessage(error));
    }
    setLoading(false);
  };

  if (done) {
    return (
      <section className="result-panel" role="status">
        {/* It replaces the form in place: its heading takes focus, as a route change would. */}
        <h1 tabIndex={-1} ref={focusWhenShown}>
          {tEnglish(MESSAGES.passwordResetTitle)}
        </h1>
        <p>{tEnglish(MESSAGES.passwordResetDone)}</p>
        <p className="lead">{t('reset.redirect', { seconds: RESET_REDIRECT_MS / 1000 })}</p>
        <div className="actions actions-start">
          <Link className="button button-primary" to={loginPath} replace>
            {t('common.signIn')}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <>
      <header className="screen-header">
        <h1>{t('reset.title')}</h1>
        <p className="lead">{lead}</p>
      </header>
      {notice}
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <NewPasswordFields
          idPrefix={idPrefix}
          password={register('password')}
          confirm={register('cpassword')}
          value={typedPassword}
          errors={{ password: errors.password?.message, confirm: errors.cpassword?.message }}
        />
        <AlertMessage message={serverError} />
        <div className="actions">
          <Link className="button button-secondary" to={loginPath}>
            {t('common.cancel')}
          </Link>
          <Button type="submit" loading={loading}>
            {t('reset.change')}
          </Button>
        </div>
      </form>
    </>
  );
}
