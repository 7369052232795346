import { ltr, tEnglish, useT, type MessageId } from '../../i18n/screens';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { MfaType } from '../../../shared/protocol';
import { OtpSchema } from '../../../shared/validation/fields';
import { MESSAGES } from '../../../shared/validation/messages';
import { errorMessage } from '../../api';
import { mfaTypeChosen, updateSession, useSessionStore } from '../../session/session-store';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { ChoiceCard } from '../../ui/choice-card';
import { Button } from '../../ui/button';
import { OtpInput } from '../../ui/otp-input';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { MFA_RESEND_SECONDS, useCountdown } from './countdown';
import { trustThisDevice } from '../../session/trust-device';
import { continueHeldSignIn, heldLogin, useFinishSignIn } from './finish-sign-in';
import type { PasskeyOffer } from './passkey-second-factor';
import { MailIcon, PhoneIcon } from './factor-icons';

const FACTOR_LABELS = { 1: 'mfa.workEmail', 2: 'mfa.app' } as const satisfies Record<MfaType, MessageId>;
const FACTOR_DESCRIPTIONS = { 1: 'mfa.workEmailHint', 2: 'mfa.appHint' } as const satisfies Record<MfaType, MessageId>;

/**
 * Multi-Factor Authentication (/multi-factor-authenticate): the second step of login, on the details held in
 * memory. Work email (a mailed code, resend after 30 s) or the authenticator app; the user picks when both are on.
 */
export function MfaLoginScreen() {
  const t = useT();
  const details = useSessionStore((state) => state.logInDetails);
  const finish = useFinishSignIn();
  const [otp, setOtp] = useState('');
  const [rememberDevice, setRememberDevice] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [resending, setResending] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const [secondsLeft, restartCountdown] = useCountdown(MFA_RESEND_SECONDS);
  // A passkey of the account, offered beside the code (asked for once the screen is up; nothing shows without one).
  const [passkey, setPasskey] = useState<PasskeyOffer | null>(null);
  const [passkeyGeneration, setPasskeyGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    void import('./passkey-second-factor')
      .then(({ passkeyOffer }) => passkeyOffer(heldLogin()))
      .then((offer) => live && setPasskey(offer), () => undefined);
    return () => {
      live = false;
    };
  }, [passkeyGeneration]);
  // The guard lets this screen open only with held details; after a sign-in they are gone and the page is leaving.
  if (!details) return null;
  const type = details.MFAType;
  const both = details.isEmailMFA && details.isAuthenticatorAppMFA;
  // Browsers keep the device's token as a cookie, the desktop apps in their keychain (session/trust-device.ts).
  const mayTrust = details.mayTrustDevice;

  // The sign-in's next call with MFAType and no otp mails a fresh code (work email) and keeps the details current.
  const askAgain = async (MFAType: MfaType) => {
    await continueHeldSignIn(details, { MFAType });
  };

  const choose = async (MFAType: MfaType) => {
    if (MFAType === type) return;
    updateSession(mfaTypeChosen, MFAType);
    setOtp('');
    if (MFAType === 1) await resend(MFAType);
  };

  const resend = async (MFAType: MfaType = type) => {
    setResending(true);
    try {
      await askAgain(MFAType);
      restartCountdown();
      showToast(tEnglish(MESSAGES.otpSent));
    } catch (error) {
      showServerError(errorMessage(error));
    }
    setResending(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = OtpSchema.safeParse(otp);
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    setLoading(true);
    showServerError(null);
    try {
      const remember = rememberDevice && mayTrust;
      const reply = await continueHeldSignIn(details, { MFAType: type, otp: parsed.data, ...(remember ? { rememberDevice: true } : {}) });
      if (reply.token) {
        // The cookie is set before the page moves on; if it fails, the next sign-in simply asks for a code again.
        if (reply.deviceGrant) await trustThisDevice(reply.deviceGrant);
        return finish(reply.token, reply);
      }
      showServerError(MESSAGES.invalidOtp);
    } catch (error) {
      showServerError(errorMessage(error));
    }
    // A refused code is cleared so the next one can be typed from the first box.
    setOtp('');
    setLoading(false);
  };

  const signInWithPasskey = async (offer: PasskeyOffer) => {
    setLoading(true);
    showServerError(null);
    const { passWithPasskey, ceremonyFailure } = await import('./passkey-second-factor');
    try {
      const reply = await passWithPasskey(heldLogin(), offer);
      if (reply.token) return finish(reply.token, reply);
      showServerError(MESSAGES.somethingWrong);
    } catch (error) {
      showServerError(ceremonyFailure(error) ?? errorMessage(error));
    }
    // The challenge is spent: a fresh one for the next try.
    setPasskey(null);
    setPasskeyGeneration((value) => value + 1);
    setLoading(false);
  };

  return (
    <AuthLayout>
      <header className="screen-header">
        <h1>{t('mfa.title')}</h1>
        <p className="lead">
          {type === 1 ? (details.email ? t('mfa.leadEmail', { email: ltr(details.email) }) : t('mfa.leadWorkEmail')) : t('mfa.leadApp')}
        </p>
      </header>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        {both ? (
          <fieldset className="choice-group">
            <legend className="choice-legend">{t('mfa.sendBy')}</legend>
            <div className="choice-options">
              {([1, 2] as const).map((option) => (
                <ChoiceCard
                  key={option}
                  type="radio"
                  name="mfa-type"
                  id={`mfa-type-${option}`}
                  label={t(FACTOR_LABELS[option])}
                  description={t(FACTOR_DESCRIPTIONS[option])}
                  icon={option === 1 ? <MailIcon /> : <PhoneIcon />}
                  checked={type === option}
                  disabled={loading || resending}
                  onChange={() => void choose(option)}
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        <OtpInput id="mfa-otp" value={otp} onChange={setOtp} error={fieldError} disabled={loading} />
        {mayTrust ? (
          <div className="checkbox">
            <input id="mfa-remember-device" type="checkbox" checked={rememberDevice} disabled={loading} onChange={(event) => setRememberDevice(event.target.checked)} />
            <label htmlFor="mfa-remember-device">{t('mfa.rememberDevice')}</label>
          </div>
        ) : null}
        <AlertMessage message={serverError} />
        <Button type="submit" className="button-block" loading={loading}>
          {t('common.submit')}
        </Button>
      </form>
      {passkey ? (
        <>
          <p className="divider">
            <span>{t('common.or')}</span>
          </p>
          <Button variant="secondary" className="button-block" disabled={loading} onClick={() => void signInWithPasskey(passkey)}>
            {t('mfa.passkey')}
          </Button>
        </>
      ) : null}
      {/* Two offers, two lines: a new mailed code (a button) and the recovery code (a link to its screen). */}
      <div className="screen-footer screen-footer-lines">
        {type === 1 ? (
          <p>
            {t('mfa.didNotGet')}{' '}
            <Button variant="link" loading={resending} disabled={secondsLeft > 0} onClick={() => void resend()}>
              {secondsLeft > 0 ? t('mfa.resendIn', { seconds: secondsLeft }) : t('mfa.resend')}
            </Button>
          </p>
        ) : null}
        <p>
          {t('mfa.lostDevice')} <Link to="/recovery-code">{t('mfa.addRecoveryCode')}</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
