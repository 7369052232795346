import { ltr, tEnglish, useT } from '../../i18n/screens';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { call, errorMessage } from '../../api';
import { AuthLayout } from '../../ui/auth-layout';
import { LoadingScreen } from '../../ui/spinner';
import { ResetPasswordForm } from './reset-password-form';
import { useOrgFlow } from './use-org-flow';

type State = { step: 'checking' } | { step: 'invalid'; message: string } | { step: 'form'; email: string };

/**
 * Reset Password (/reset/{code} and the organization variants): the link is checked on load, then the form,
 * then 'Password Reset' with Sign In and the automatic redirect.
 */
export function ResetPasswordScreen() {
  const { orgPath, base } = useOrgFlow();
  const t = useT();
  const { code = '' } = useParams();
  const [state, setState] = useState<State>({ step: 'checking' });
  const orgId = orgPath?.orgId;

  useEffect(() => {
    let current = true;
    call('getResetCodeInfo', orgId ? { code, orgId } : { code }).then(
      (info) => current && setState({ step: 'form', email: info.email }),
      (error: unknown) => current && setState({ step: 'invalid', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [code, orgId]);

  if (state.step === 'checking') return <LoadingScreen fullPage label={t('reset.checking')} />;

  return (
    <AuthLayout orgId={orgId}>
      {state.step === 'invalid' ? (
        <section className="result-panel">
          <h1>{t('reset.invalidTitle')}</h1>
          <p role="alert">{tEnglish(state.message)}</p>
          <div className="actions actions-start">
            <Link className="button button-primary" to={`${base}/forgot-password`}>
              {t('reset.newLink')}
            </Link>
            <Link className="button button-secondary" to={`${base}/login`}>
              {t('common.login')}
            </Link>
          </div>
        </section>
      ) : (
        <ResetPasswordForm
          idPrefix="reset"
          lead={t('reset.lead', { email: ltr(state.email) })}
          loginPath={`${base}/login`}
          onReset={async ({ password, cpassword }) => {
            if (orgId) await call('onboardingResetPassword', { orgId, password, code });
            else await call('resetPassword', { password, cpassword, code });
          }}
        />
      )}
    </AuthLayout>
  );
}
