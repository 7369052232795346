import { useNavigate, useParams } from 'react-router-dom';
import { call } from '../../api';
import { useSessionStore } from '../../session/session-store';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { OtpInput } from '../../ui/otp-input';
import { showToast } from '../../ui/toast';
import { useOtpForm } from './use-otp-form';

/** Verify an organization (/verify-organization/{id}): the admin enters the mailed code; success goes to /workspace. */
export function VerifyOrganizationScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const email = useSessionStore((session) => session.email);
  const form = useOtpForm(async (otp) => {
    await call('activateOrganization', { otp, orgId: id });
    showToast('Organization verified successfully.');
    navigate('/workspace', { replace: true });
  });

  return (
    <AuthLayout orgId={id}>
      <header className="screen-header">
        <h1>Verify Your Organization</h1>
        <p className="lead">Enter the 6-digit code we mailed{email ? ` to ${email}` : ''} to verify this organization.</p>
      </header>
      <form className="form" noValidate onSubmit={(event) => void form.submit(event)}>
        <OtpInput id="verify-organization-otp" label="Verification code" value={form.otp} onChange={form.setOtp} error={form.fieldError} />
        <AlertMessage message={form.serverError} />
        <Button type="submit" className="button-block" loading={form.loading}>
          Submit
        </Button>
      </form>
      {email ? (
        <p className="screen-footer">
          Did not get it?{' '}
          <Button variant="link" loading={form.resending} onClick={() => void form.resend(email)}>
            Resend OTP
          </Button>
        </p>
      ) : null}
    </AuthLayout>
  );
}
