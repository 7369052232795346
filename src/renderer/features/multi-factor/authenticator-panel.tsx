import { tEnglish, useT } from '../../i18n/screens';
import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../shared/validation/messages';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { CopyButton } from '../../ui/copy';
import { OTP_LENGTH, OtpInput } from '../../ui/otp-input';
import { heldLogin } from './finish-sign-in';
import { RecoveryCodePanel } from './recovery-code-panel';
import './multi-factor.css';

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

/** A secret key in groups of four characters, the way an authenticator app asks for it to be typed. */
export function groupsOfFour(key: string): string[] {
  return key.match(/.{1,4}/g) ?? [];
}

/**
 * The authenticator part of the setup screen: QR code, secret key and recovery code, and the code check that
 * runs as soon as six digits are typed ('OTP verified successfully' or 'Invalid OTP').
 */
export function AuthenticatorPanel({ pending, verified, onVerified }: AuthenticatorPanelProps) {
  const t = useT();
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
        // Said once, under the boxes (a status line), not also in a toast.
        onVerified(true);
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
    <section className="authenticator-setup" aria-labelledby="mfa-app-title">
      <h2 id="mfa-app-title" className="field-label">
        {t('mfaSetup.app')}
      </h2>
      <img className="qr-code" src={pending.MFAQrCode} alt={t('mfaSetup.qrAlt')} width={200} height={200} />
      <div className="authenticator-steps">
        <p>{t('mfaSetup.scan')}</p>
        <div className="secret-panel">
          <p className="secret-label">{t('mfaSetup.secretKey')}</p>
          <div className="secret-row">
            {/* In groups of four, spaced by CSS rather than characters: the key copied or selected is the key as issued. */}
            <code className="secret-value secret-key" data-testid="mfa-secret" dir="ltr">
              {groupsOfFour(pending.MFASecretKey).map((group, index) => (
                <span key={index} className="secret-group">
                  {group}
                </span>
              ))}
            </code>
            <div className="secret-actions">
              <CopyButton value={pending.MFASecretKey} label={t('mfaSetup.copySecret')}>
                {t('mfaSetup.copy')}
              </CopyButton>
            </div>
          </div>
        </div>
        <RecoveryCodePanel code={pending.recoveryCode} testId="mfa-recovery-code" />
      </div>
      <div className="authenticator-verify">
        <OtpInput
          id="mfa-setup-otp"
          label={t('mfaSetup.otp')}
          value={otp}
          onChange={(next) => {
            setOtp(next);
            if (verified) onVerified(false);
          }}
          disabled={checking}
        />
        {verified ? <p role="status">{tEnglish(MESSAGES.otpVerified)}</p> : null}
        <AlertMessage message={error} />
      </div>
    </section>
  );
}
