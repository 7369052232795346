import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type * as z from 'zod';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';
import { EmailSchema } from '../../../shared/validation/fields';
import { NewPasswordPairSchema } from '../../../shared/validation/password';
import { MESSAGES } from '../../../shared/validation/messages';
import { call } from '../../api';
import { ltr, tEnglish, useT } from '../../i18n/screens';
import { COOKIES, readCookie } from '../../session/local-values';
import { forgetPreviousUrl, forgetReferralCodes, peekPreviousUrl, saveEmail } from '../../session/saved-session';
import { signIn } from '../../session/sign-in';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { OtpInput } from '../../ui/otp-input';
import { TextField } from '../../ui/text-field';
import { showToast } from '../../ui/toast';
import { useOtpForm } from './use-otp-form';

type PasswordPair = z.input<typeof NewPasswordPairSchema>;

/** The server's answer to a right code for an account that has no password it chose: choose one now. */
function asksForPassword(error: unknown): error is CallError {
  return error instanceof CallError && error.code === ERROR_CODES.BAD_REQUEST && (error.data?.fields ?? []).includes('password');
}

/**
 * Verify Your Email (/verify-email): the code mailed at sign-up, registration or an unverified sign-in, or to an
 * account that has no password it chose. The address comes from the mail's link (?email=) or the ubs_email cookie;
 * without either the user types it. When the server asks for a password with the code (`fields: ['password']`),
 * the new password and its confirmation appear (with the live checklist) and go with the code.
 */
export function VerifyEmailScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [known] = useState(() => {
    const parsed = EmailSchema.safeParse(params.get('email') ?? readCookie(COOKIES.email) ?? '');
    return parsed.success ? parsed.data : null;
  });
  const [typedEmail, setTypedEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [passwordPrompt, setPasswordPrompt] = useState<string | null>(null);
  const {
    register,
    control,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<PasswordPair>({ resolver: zodResolver(NewPasswordPairSchema), defaultValues: { password: '', cpassword: '' } });
  const typedPassword = useWatch({ control, name: 'password' });

  const email = () => {
    if (known) return known;
    const parsed = EmailSchema.safeParse(typedEmail);
    setEmailError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data : null;
  };

  /** The password to send with the code, once the server asked for one; 'invalid' shows the fields' messages. */
  const chosenPassword = async (): Promise<PasswordPair | null | 'invalid'> => {
    if (!passwordPrompt) return null;
    if (!(await trigger(undefined, { shouldFocus: true }))) return 'invalid';
    return NewPasswordPairSchema.parse(getValues());
  };

  const form = useOtpForm(async (otp) => {
    const address = email();
    if (!address) throw new Error(t('verifyEmail.enterEmail'));
    const chosen = await chosenPassword();
    if (chosen === 'invalid') return 'stay';
    let reply;
    try {
      reply = await call('activateAccount', { otp, email: address, ...(chosen ?? {}) });
    } catch (error) {
      if (!chosen && asksForPassword(error)) {
        // The code is right and still unused: it goes again with the password chosen now.
        setPasswordPrompt(error.message);
        return 'stay';
      }
      throw error;
    }
    saveEmail(reply.email);
    // Spec section 4, Sign-up: the affiliate and user codes have done their job once the account is active.
    forgetReferralCodes();
    if (!reply.token) {
      // A company of this user demands a second factor: the code proved the address only, so sign in and pass it.
      showToast(tEnglish(MESSAGES.verifiedSignInForSecondFactor));
      navigate('/login', { replace: true });
      return;
    }
    const token = reply.token;
    const previous = peekPreviousUrl();
    forgetPreviousUrl();
    // One render for both (signIn), so the guard of this public screen cannot send the user to /workspace first.
    await signIn({ kind: 'signed-in', token, reply: { token, email: reply.email } }, () => navigate(previous ?? '/workspace', { replace: true, flushSync: true }));
  });

  return (
    <AuthLayout>
      <header className="screen-header">
        <h1>{t('verifyEmail.title')}</h1>
        <p className="lead">{known ? t('verifyEmail.leadKnown', { email: ltr(known) }) : t('verifyEmail.leadUnknown')}</p>
      </header>
      <form className="form" noValidate onSubmit={(event) => void form.submit(event)}>
        {known ? null : (
          <TextField
            id="verify-email-address"
            label={t('field.emailAddress')}
            type="email"
            dir="ltr"
            autoComplete="email"
            value={typedEmail}
            error={emailError}
            onChange={(event) => setTypedEmail(event.target.value.trimStart())}
          />
        )}
        <OtpInput id="verify-email-otp" label={t('verifyEmail.code')} value={form.otp} onChange={form.setOtp} error={form.fieldError} />
        {passwordPrompt ? (
          <>
            <p className="lead" role="status">
              {tEnglish(passwordPrompt)}
            </p>
            <NewPasswordFields
              idPrefix="verify-email"
              password={register('password')}
              confirm={register('cpassword')}
              value={typedPassword}
              errors={{ password: errors.password?.message, confirm: errors.cpassword?.message }}
            />
          </>
        ) : null}
        <AlertMessage message={form.serverError} />
        <Button type="submit" className="button-block" loading={form.loading}>
          {t('common.submit')}
        </Button>
      </form>
      <p className="screen-footer">
        {t('verifyEmail.didNotGetIt')}{' '}
        <Button
          variant="link"
          loading={form.resending}
          onClick={() => {
            const address = email();
            if (address) void form.resend(address);
          }}
        >
          {t('verifyEmail.resend')}
        </Button>
      </p>
    </AuthLayout>
  );
}
