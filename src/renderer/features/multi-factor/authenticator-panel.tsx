import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../shared/validation/messages';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { OTP_LENGTH, OtpInput } from '../../ui/otp-input';
import { showToast } from '../../ui/toast';
import { heldLogin } from './finish-sign-in';

export interface PendingAuthenticator {
  MFAQrCode: string;
  MFASecretKey: string;
  recoveryCode: string;
}

interface AuthenticatorPanelProps {
  pending: PendingAuthenticator;
  verified: boolean;
  onVerified: (verified: boolean) => void;
}

/**
 * The authenticator part of the setup screen: QR code, secret key and recovery code, and the code check that
 * runs as soon as six digits are typed ('OTP verified successfully' or 'Invalid OTP').
 */
export function AuthenticatorPanel({ pending, verified, onVerified }: AuthenticatorPanelProps) {
  const [otp, setOtp] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checked = useRef<string | null>(null);

  useEffect(() => {
    if (otp.length !== OTP_LENGTH || checked.current === otp || !/^\d{6}$/.test(otp)) return;
    checked.current = otp;
    setChecking(true);
    setError(null);
    call('hrms|master|MFA|verify', { ...heldLogin(), otp, MFASecretKey: pending.MFASecretKey }).then(
      () => {
        onVerified(true);
        showToast(MESSAGES.otpVerified);
        setChecking(false);
      },
      (failure: unknown) => {
        onVerified(false);
        setError(errorMessage(failure));
        // Empty boxes for the next try; a half-retyped code is never checked.
        checked.current = null;
        setOtp('');
        setChecking(false);
      },
    );
  }, [otp, pending.MFASecretKey, onVerified]);

  return (
    <section className="field" aria-labelledby="mfa-app-title">
      <h2 id="mfa-app-title" className="field-label">
        Authenticator app
      </h2>
      <p>Scan this QR code with your authenticator app, or type the secret key into it.</p>
      <img src={pending.MFAQrCode} alt="QR code for your authenticator app" width={200} height={200} />
      <dl>
        <dt>Secret key</dt>
        <dd>
          <code data-testid="mfa-secret">{pending.MFASecretKey}</code>
        </dd>
        <dt>Recovery code</dt>
        <dd>
          <code data-testid="mfa-recovery-code">{pending.recoveryCode}</code>
          <br />
          Keep it somewhere safe: it signs you in once if you lose your device.
        </dd>
      </dl>
      <OtpInput
        id="mfa-setup-otp"
        label="Code from the authenticator app"
        value={otp}
        onChange={(next) => {
          setOtp(next);
          if (verified) onVerified(false);
        }}
        disabled={checking}
      />
      {verified ? <p role="status">{MESSAGES.otpVerified}</p> : null}
      <AlertMessage message={error} />
    </section>
  );
}
