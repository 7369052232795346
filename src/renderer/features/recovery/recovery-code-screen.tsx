import { tEnglish, useT } from '../../i18n/screens';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { RecoveryCodeSchema } from '../../../shared/validation/fields';
import { MESSAGES } from '../../../shared/validation/messages';
import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { call, errorMessage } from '../../api';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { showToast } from '../../ui/toast';
import { heldLogin, useFinishSignIn } from '../multi-factor/finish-sign-in';

/**
 * Add Recovery Code (/recovery-code): a recovery code stands in for the second factor once. Success goes on to
 * /setup-multi-factor (signed in when login details were held), showing the fresh code that replaces it.
 */
export function RecoveryCodeScreen() {
  const t = useT();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = RecoveryCodeSchema.safeParse(code);
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    setLoading(true);
    try {
      const reply = await call('hrms|master|MFA|verify', { ...heldLogin(), recoveryCode: parsed.data });
      const to = { path: '/setup-multi-factor', state: { recoveryCode: reply.recoveryCode } };
      if (reply.token) return finish(reply.token, {}, to);
      navigate(to.path, { state: to.state });
    } catch (error) {
      // Spec section 8: a refused code toasts 'Invalid Recovery Code'; a lock says how long to wait instead.
      const locked = error instanceof CallError && error.code === ERROR_CODES.TOO_MANY_ATTEMPTS;
      showToast(tEnglish(locked ? errorMessage(error) : MESSAGES.invalidRecoveryCode), 'error');
      setLoading(false);
    }
  };

  return (
    <AuthLayout>
      <header className="screen-header">
        <h1>{t('mfa.addRecoveryCode')}</h1>
        <p className="lead">{t('recovery.addLead')}</p>
      </header>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="recovery-code"
          label={t('mfaSetup.recoveryCode')}
          placeholder="xxxx-xxxxx"
          autoComplete="off"
          dir="ltr"
          value={code}
          error={fieldError}
          onChange={(event) => setCode(event.target.value.trim())}
        />
        <Button type="submit" className="button-block" loading={loading}>
          {t('common.submit')}
        </Button>
      </form>
      <p className="screen-footer">
        <Link to="/login">{t('common.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}
