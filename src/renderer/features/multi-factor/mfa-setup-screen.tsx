import { tEnglish, useT } from '../../i18n/screens';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../shared/validation/messages';
import { call, errorMessage } from '../../api';
import { safeInternalPath } from '../../session/previous-url';
import { forgetPreviousUrl, peekPreviousUrl } from '../../session/saved-session';
import { useSessionStore } from '../../session/session-store';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { ChoiceCard } from '../../ui/choice-card';
import { Button } from '../../ui/button';
import { LoadingScreen } from '../../ui/spinner';
import { showToast } from '../../ui/toast';
import { AuthenticatorPanel, type PendingAuthenticator } from './authenticator-panel';
import { continueHeldSignIn, heldLogin, useFinishSignIn } from './finish-sign-in';
import { MailIcon, PhoneIcon } from './factor-icons';
import { RecoveryCodePanel } from './recovery-code-panel';
import './multi-factor.css';

type Setting = { isEmailMFA: boolean; isAuthenticatorAppMFA: boolean };

/**
 * Spec section 2: Save needs a verified authenticator when it is on, or else work email alone. A user choosing for
 * their own account (no company asks for a factor) may also save none, to turn off what is on (`mayChooseNone`).
 */
export function canSave(choice: Setting, authenticator: { active: boolean; verified: boolean }, mayChooseNone = false): boolean {
  if (choice.isAuthenticatorAppMFA) return authenticator.verified || authenticator.active;
  return choice.isEmailMFA || mayChooseNone;
}

/**
 * The choice the screen starts from. A company's policy: the factors of the user's that it offers, else what it
 * offers (the authenticator only when it is the one factor). The user's own choice: what is on, plus the factor the
 * security center asked to turn on (`turnOn`).
 */
export function firstChoice(current: Setting, company: Setting, turnOn: 'app' | 'email' | null): Setting {
  if (!company.isEmailMFA && !company.isAuthenticatorAppMFA) {
    return { isEmailMFA: current.isEmailMFA || turnOn === 'email', isAuthenticatorAppMFA: current.isAuthenticatorAppMFA || turnOn === 'app' };
  }
  const usable = { isEmailMFA: current.isEmailMFA && company.isEmailMFA, isAuthenticatorAppMFA: current.isAuthenticatorAppMFA && company.isAuthenticatorAppMFA };
  if (usable.isEmailMFA || usable.isAuthenticatorAppMFA) return usable;
  return { isEmailMFA: company.isEmailMFA, isAuthenticatorAppMFA: !company.isEmailMFA && company.isAuthenticatorAppMFA };
}

/**
 * What Save sends: the factors chosen on the screen; with a company policy, a factor it does not offer (one the user
 * turned on for themselves) is sent as it is, so it stays.
 */
export function settingToSend(choice: Setting, current: Setting, company: Setting): Setting {
  if (!company.isEmailMFA && !company.isAuthenticatorAppMFA) return choice;
  return {
    isEmailMFA: company.isEmailMFA ? choice.isEmailMFA : current.isEmailMFA,
    isAuthenticatorAppMFA: company.isAuthenticatorAppMFA ? choice.isAuthenticatorAppMFA : current.isAuthenticatorAppMFA,
  };
}

/**
 * Where a signed-in user goes after saving: back to the screen that sent them (the security center passes
 * `state.returnTo`, router state that a link from outside cannot set), else the workspace.
 */
export function returnTo(state: unknown): string {
  const wanted = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof wanted === 'string' && /^\/account(\/[a-z-]+)?$/.test(wanted) ? wanted : '/workspace';
}

/** Where a sign-in goes on to: the saved previousURL, else the workspace (as `useFinishSignIn` does). */
function afterSignIn(): string {
  return safeInternalPath(peekPreviousUrl()) ?? '/workspace';
}

/** The factor the security center asked to turn on (router state `turnOn`), if any. */
function turnOnOf(state: unknown): 'app' | 'email' | null {
  const wanted = (state as { turnOn?: unknown } | null)?.turnOn;
  return wanted === 'app' || wanted === 'email' ? wanted : null;
}

/**
 * Multi-Factor Authentication Setup (/setup-multi-factor): with a session, or with the login details held
 * between password and second factor (a first setup, or after a recovery code). With a company policy it offers the
 * company's factors; without one, the user chooses for their own account (both factors, or none to turn off).
 */
export function MfaSetupScreen() {
  const t = useT();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const location = useLocation();
  const signedIn = useSessionStore((session) => session.token !== null);
  const freshRecoveryCode = (location.state as { recoveryCode?: string } | null)?.recoveryCode ?? null;
  const [turnOn] = useState(() => turnOnOf(location.state));
  const [company, setCompany] = useState<Setting | null>(null);
  const [current, setCurrent] = useState<Setting | null>(null);
  const [choice, setChoice] = useState<Setting>({ isEmailMFA: false, isAuthenticatorAppMFA: false });
  const [pending, setPending] = useState<PendingAuthenticator | null>(null);
  const [verified, setVerified] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onVerified = useCallback((value: boolean) => setVerified(value), []);

  useEffect(() => {
    let live = true;
    call('hrms|master|MFA|read', heldLogin()).then(
      (reply) => {
        if (!live) return;
        setCompany(reply.company);
        setCurrent(reply.MFA);
        setChoice(firstChoice(reply.MFA, reply.company, turnOn));
      },
      (failure: unknown) => live && setError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [turnOn]);

  const authenticatorActive = (current?.isAuthenticatorAppMFA ?? false) && pending === null;
  useEffect(() => {
    if (!choice.isAuthenticatorAppMFA || pending || current === null || current.isAuthenticatorAppMFA) return;
    let live = true;
    call('hrms|master|MFA|generateQRCode', heldLogin()).then(
      (reply) => live && setPending(reply),
      (failure: unknown) => live && setError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [choice.isAuthenticatorAppMFA, pending, current]);

  const renew = async () => {
    try {
      setPending(await call('hrms|master|MFA|generateQRCode', heldLogin()));
      setVerified(false);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setLoading(true);
    setError(null);
    try {
      const held = heldLogin();
      const MFASecretKey = choice.isAuthenticatorAppMFA && pending ? pending.MFASecretKey : undefined;
      const setting = company && current ? settingToSend(choice, current, company) : choice;
      const reply = await call('hrms|master|MFA|setup', { ...held, MFA: { ...setting, MFASecretKey } });
      showToast(tEnglish(MESSAGES.mfaSetupDone));
      if (reply.token) return finish(reply.token);
      const details = useSessionStore.getState().logInDetails;
      if ((held.identifier || held.ticket) && details) {
        // Work email only: the sign-in goes on with a mailed code.
        const next = await continueHeldSignIn(details, { MFAType: 1 });
        if (next.token) return finish(next.token, next);
        return navigate('/multi-factor-authenticate', { replace: true });
      }
      navigate(returnTo(location.state), { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
      setLoading(false);
    }
  };

  if (!company && !error) return <LoadingScreen fullPage label={t('mfaSetup.loading')} />;
  // No company asks for a second factor: the user chooses for their own account, both factors offered.
  const ownChoice = company !== null && !company.isEmailMFA && !company.isAuthenticatorAppMFA;
  const offersEmail = ownChoice || (company?.isEmailMFA ?? false);
  const offersApp = ownChoice || (company?.isAuthenticatorAppMFA ?? false);
  const anyOn = (current?.isEmailMFA ?? false) || (current?.isAuthenticatorAppMFA ?? false);

  return (
    <AuthLayout>
      <header className="screen-header">
        <h1>{t('mfaSetup.title')}</h1>
        <p className="lead">
          {ownChoice
            ? t('mfaSetup.leadOwn')
            : t('mfaSetup.leadCompany')}
        </p>
      </header>
      {freshRecoveryCode ? (
        <section className="result-panel" aria-label={t('mfaSetup.newCodeRegion')}>
          <p role="status">{t('mfaSetup.codeUsed')}</p>
          <RecoveryCodePanel code={freshRecoveryCode} testId="new-recovery-code" title={t('mfaSetup.newCode')} />
        </section>
      ) : null}
      <form className="form" noValidate onSubmit={(event) => void save(event)}>
        <fieldset className="choice-group">
          <legend className="choice-legend">{t('mfaSetup.secondFactor')}</legend>
          <div className="choice-options">
            {offersEmail ? (
              <ChoiceCard
                type="checkbox"
                id="mfa-email"
                label={t('mfaSetup.email')}
                description={t('mfaSetup.emailHint')}
                icon={<MailIcon />}
                checked={choice.isEmailMFA}
                onChange={(checked) => setChoice({ ...choice, isEmailMFA: checked })}
              />
            ) : null}
            {offersApp ? (
              <ChoiceCard
                type="checkbox"
                id="mfa-app"
                label={t('mfaSetup.app')}
                description={t('mfaSetup.appHint')}
                icon={<PhoneIcon />}
                checked={choice.isAuthenticatorAppMFA}
                onChange={(checked) => setChoice({ ...choice, isAuthenticatorAppMFA: checked })}
              />
            ) : null}
          </div>
        </fieldset>
        {choice.isAuthenticatorAppMFA && pending ? <AuthenticatorPanel pending={pending} verified={verified} onVerified={onVerified} /> : null}
        {choice.isAuthenticatorAppMFA && authenticatorActive ? (
          <p className="form-aside">
            {t('mfaSetup.appReady')}{' '}
            <Button variant="link" onClick={() => void renew()}>
              {t('mfaSetup.newDevice')}
            </Button>
          </p>
        ) : null}
        <AlertMessage message={error} />
        <Button type="submit" className="button-block" loading={loading} disabled={!canSave(choice, { active: authenticatorActive, verified }, ownChoice && anyOn)}>
          {t('mfaSetup.save')}
        </Button>
      </form>
      {freshRecoveryCode && signedIn ? (
        // Signed in by the recovery code: the factor may wait (Save is for a new device); the sign-in goes on to
        // where it was going, as a second factor's would.
        <p className="screen-footer">
          <Link to={afterSignIn()} replace onClick={() => forgetPreviousUrl()}>
            {t('mfaSetup.continue')}
          </Link>
        </p>
      ) : ownChoice && signedIn ? (
        <p className="screen-footer">
          <Link to={returnTo(location.state)}>{t('common.cancel')}</Link>
        </p>
      ) : null}
    </AuthLayout>
  );
}
