import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Organization } from '../../../shared/protocol';
import { call, errorMessage } from '../../api';
import { ltr, tEnglish, useT } from '../../i18n/screens';
import { useSessionStore } from '../../session/session-store';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { OtpInput } from '../../ui/otp-input';
import { LoadingScreen } from '../../ui/spinner';
import { showToast } from '../../ui/toast';
import { useOtpForm } from './use-otp-form';

type OrganizationState = { status: 'loading' } | { status: 'ready'; org: Organization | null } | { status: 'failed'; message: string };

/** The organization of the path as the signed-in user's workspace list has it (null: not theirs). */
function useOrganization(orgId: string): OrganizationState {
  const [state, setState] = useState<OrganizationState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    call('getWorkspaceList', { requirePlanDetails: true }).then(
      (reply) => live && setState({ status: 'ready', org: reply.list.find((item) => item.orgId === orgId) ?? null }),
      (failure: unknown) => live && setState({ status: 'failed', message: errorMessage(failure) }),
    );
    return () => {
      live = false;
    };
  }, [orgId]);
  return state;
}

/**
 * Verify an organization (/verify-organization/{id}): an admin of a company still to verify enters the mailed code
 * (Resend OTP mails a fresh one); success goes to /workspace. A company already verified, or not the user's to
 * verify, says so instead of asking for a code that was never sent.
 */
export function VerifyOrganizationScreen() {
  const t = useT();
  const { id = '' } = useParams();
  const state = useOrganization(id);

  if (state.status === 'loading') return <LoadingScreen fullPage label={t('verifyEmail.orgChecking')} />;
  const org = state.status === 'ready' ? state.org : null;
  if (state.status === 'ready' && org?.role === 'admin' && org.verified === false) return <VerifyForm orgId={id} company={org.company} />;
  const { title, text } =
    state.status === 'failed'
      ? { title: t('verifyEmail.orgTitle'), text: tEnglish(state.message) }
      : org?.verified !== false && org
        ? { title: t('verifyEmail.orgVerified'), text: t('verifyEmail.orgAlreadyVerified', { company: org.company }) }
        : { title: t('verifyEmail.orgTitle'), text: t('verifyEmail.orgNotAdmin') };
  return (
    <AuthLayout orgId={id}>
      <header className="screen-header">
        <h1>{title}</h1>
        <p className="lead" role={state.status === 'failed' ? 'alert' : undefined}>
          {text}
        </p>
      </header>
      <div className="actions actions-start">
        <Link className="button button-primary" to="/workspace">
          {t('verifyEmail.goToWorkspace')}
        </Link>
      </div>
    </AuthLayout>
  );
}

function VerifyForm({ orgId, company }: { orgId: string; company: string }) {
  const t = useT();
  const navigate = useNavigate();
  const email = useSessionStore((session) => session.email);
  const form = useOtpForm(async (otp) => {
    await call('activateOrganization', { otp, orgId });
    showToast(t('verifyEmail.orgDone'));
    navigate('/workspace', { replace: true });
  });

  return (
    <AuthLayout orgId={orgId}>
      <header className="screen-header">
        <h1>{t('verifyEmail.orgTitle')}</h1>
        <p className="lead">
          {email ? t('verifyEmail.orgLeadSent', { company, email: ltr(email) }) : t('verifyEmail.orgLead', { company })}
        </p>
      </header>
      <form className="form" noValidate onSubmit={(event) => void form.submit(event)}>
        <OtpInput id="verify-organization-otp" label={t('verifyEmail.code')} value={form.otp} onChange={form.setOtp} error={form.fieldError} />
        <AlertMessage message={form.serverError} />
        <Button type="submit" className="button-block" loading={form.loading}>
          {t('common.submit')}
        </Button>
      </form>
      {email ? (
        <p className="screen-footer">
          {t('verifyEmail.didNotGetIt')}{' '}
          <Button variant="link" loading={form.resending} onClick={() => void form.resend(email)}>
            {t('verifyEmail.resend')}
          </Button>
        </p>
      ) : null}
    </AuthLayout>
  );
}
