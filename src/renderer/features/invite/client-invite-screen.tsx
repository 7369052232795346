import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { CallError, type EventReply } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { call, errorMessage } from '../../api';
import { t as translate, tEnglish, useT } from '../../i18n/screens';
import { TOAST_AUTO_CLOSE_MS, showToast } from '../../ui/toast';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { LoadingScreen } from '../../ui/spinner';

/** Spec section 9: a client invitation token is 36 characters. */
export const CLIENT_TOKEN_LENGTH = 36;

type Result = { ok: true; reply: EventReply<'acceptClientInvitation'> } | { ok: false; message: string; showButton: boolean; alreadyAccepted: boolean };

// One acceptance per token per page: accepting is not repeatable (the password is shown once), so a re-run
// effect (React's development double-run, a remount) must reuse the first answer.
const accepted = new Map<string, Promise<Result>>();

function acceptOnce(token: string): Promise<Result> {
  let pending = accepted.get(token);
  if (!pending) {
    pending = call('acceptClientInvitation', { token }).then(
      (reply): Result => ({ ok: true, reply }),
      (error: unknown): Result => ({
        ok: false,
        message: errorMessage(error),
        showButton: error instanceof CallError && error.data?.showButton === true,
        alreadyAccepted: error instanceof CallError && error.data?.alreadyAccepted === true,
      }),
    );
    accepted.set(token, pending);
  }
  return pending;
}

/**
 * The kit's copy, loaded when used: this screen's own preload list stays as it was (/login carries it). Its toast is
 * the kit's 'Password copied to clipboard.' (COPIED.value), from the catalog so that it is in the language shown.
 */
const copyPassword = (password: string) =>
  import('../../ui/copy').then(async ({ copyText }) => {
    if (await copyText(password)) showToast(translate('invite.passwordCopied'), 'success', { durationMs: TOAST_AUTO_CLOSE_MS });
  });

/** Client invitation (/invite-client/{token}): accepted on load; shows the sign-in details once, or what went wrong. */
export function ClientInviteScreen() {
  const t = useT();
  const { token = '' } = useParams();
  const valid = token.length === CLIENT_TOKEN_LENGTH;
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (!valid) return;
    let current = true;
    void acceptOnce(token).then((value) => current && setResult(value));
    return () => {
      current = false;
    };
  }, [token, valid]);

  if (!valid) return <Navigate to="/login" replace />;
  if (!result) return <LoadingScreen fullPage label={t('invite.accepting')} />;

  return (
    <AuthLayout>
      {result.ok ? (
        <section className="result-panel">
          <h1>{t('invite.clientAccepted')}</h1>
          <p>{t('invite.clientReady')}</p>
          <dl className="credentials">
            <dt>{t('invite.email')}</dt>
            <dd dir="ltr">{result.reply.email}</dd>
            <dt>{t('field.password')}</dt>
            <dd className="credentials-secret">
              <span data-testid="generated-password" dir="ltr">{result.reply.password}</span>{' '}
              <Button variant="secondary" className="copy-button" onClick={() => void copyPassword(result.reply.password)}>
                {t('invite.copyPassword')}
              </Button>
            </dd>
          </dl>
          <div className="actions actions-start">
            <Link className="button button-primary" to="/login">
              {t('invite.letsSignIn')}
            </Link>
          </div>
        </section>
      ) : result.alreadyAccepted ? (
        // A reload or a second visit: not an error, the password was shown the first time (spec: shown once).
        <section className="result-panel">
          <h1>{t('invite.alreadyAccepted')}</h1>
          <p role="status">{tEnglish(result.message)}</p>
          <div className="actions actions-start">
            <Link className="button button-primary" to="/login">
              {t('common.signIn')}
            </Link>
            <Link className="button button-secondary" to="/forgot-password">
              {t('invite.forgotPassword')}
            </Link>
          </div>
        </section>
      ) : (
        <section className="result-panel">
          <h1>{tEnglish(MESSAGES.somethingWrong)}</h1>
          <p role="alert">{tEnglish(result.message)}</p>
          {result.showButton ? (
            <div className="actions actions-start">
              <Link className="button button-primary" to="/login">
                {t('common.signIn')}
              </Link>
            </div>
          ) : null}
        </section>
      )}
    </AuthLayout>
  );
}
