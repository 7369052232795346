import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AppInfoReply, OAuth2LoginReply } from '../../../shared/protocol/oauth2-schemas';
import { OtpSchema } from '../../../shared/validation/fields';
import { MESSAGES } from '../../../shared/validation/messages';
import { ltr, tEnglish, useT } from '../../i18n/screens';
import { platform } from '../../platform';
import { signIn as signInToPortal } from '../../session/sign-in';
import { trustThisDevice } from '../../session/trust-device';
import { useSessionStore } from '../../session/session-store';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog/modal';
import { rememberPreviousUrl } from '../../session/saved-session';
import { OtpInput } from '../../ui/otp-input';
import { LoadingScreen } from '../../ui/spinner';
import { showToast } from '../../ui/toast';
import { useCountdown } from '../multi-factor/countdown';
import { AuthorizeForm, type AuthorizeSignInValues } from './authorize-form';
import { ConsentPanel } from './consent-panel';
import { authorizationStart, fetchAppInfo, INCOMPLETE_LINK, oauth2Consent, oauth2Continue, oauth2Login, OAuth2Error } from './oauth2-api';
import './authorize.css';

/** Spec section 9: the resend countdown of the authorize screen's second factor. */
export const AUTHORIZE_RESEND_SECONDS = 5;
/** Spec section 8: the third-party login error dialog's title. */
export const AUTHORIZE_ERROR_TITLE = 'Oops...';

type Step = { kind: 'choose' } | { kind: 'password' } | { kind: 'otp'; email: string; password: string; mayTrustDevice: boolean } | { kind: 'consent'; scopes: string[] };

const messageOf = (error: unknown) => (error instanceof OAuth2Error ? error.message : MESSAGES.somethingWrong);

/** What the 'Oops...' dialog says, and whether it offers the way to the portal for a step the app's sign-in cannot take. */
interface Refusal {
  message: string;
  toPortal: boolean;
}

/**
 * Authorize (/authorize): the portal's sign-in for another application (spec 2 and 4). The app's name and logo come
 * from /oauth2/app-info; a signed-in user may continue with their portal session; otherwise identifier and
 * password, then the company's second factor if it asks (resend after 5 s). A password sign-in here signs in to the
 * portal too (the session module keeps its token), so the next app offers "Continue as". A third-party app then asks
 * for consent (once). Errors open the 'Oops...' dialog; success goes on to the redirect the server returns (which
 * ends at the app's redirect_uri with code and state, or with error=access_denied).
 */
export function AuthorizeScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const query = useMemo(() => new URLSearchParams(params), [params]);
  const started = query.has('uid');
  const token = useSessionStore((state) => state.token);
  const sessionEmail = useSessionStore((state) => state.email);
  const [app, setApp] = useState<AppInfoReply | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>(() => (token && sessionEmail ? { kind: 'choose' } : { kind: 'password' }));
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Refusal | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | undefined>();
  const [rememberDevice, setRememberDevice] = useState(false);
  const [secondsLeft, restartCountdown] = useCountdown(AUTHORIZE_RESEND_SECONDS);

  useEffect(() => {
    // A hand-built link (no authorization request yet): start one, and come back here with its id.
    if (!started && query.has('client_id')) {
      window.location.replace(authorizationStart(query));
      return;
    }
    // No authorization request and nothing to start one with: nothing to ask the server (the screen says so).
    if (!started) return;
    let live = true;
    fetchAppInfo(query).then(
      (info) => live && setApp(info),
      (error: unknown) => live && setLoadError(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [query, started]);

  const go = async (reply: OAuth2LoginReply) => {
    // One sign-in for the suite: the portal session the sign-in opened is kept as the portal's own sign-in keeps it.
    if (reply.token) await signInToPortal({ kind: 'portal-session', token: reply.token, email: reply.email ?? null });
    if (reply.consent) setStep({ kind: 'consent', scopes: reply.consent.scopes });
    else if (reply.redirect_uri) window.location.assign(reply.redirect_uri);
  };

  const decide = (decision: 'allow' | 'deny') => void run(async () => go(await oauth2Consent(query, useSessionStore.getState().token ?? '', decision)));

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setDialog({ message: messageOf(error), toPortal: error instanceof OAuth2Error && error.portalStep !== null });
      // The portal session was refused (ended elsewhere): sign in with a password instead.
      if (error instanceof OAuth2Error && error.code === 401) setStep({ kind: 'password' });
    }
    setBusy(false);
  };

  const withIdentifier = (identifier: string) => {
    const next = new URLSearchParams(query);
    next.set('identifier', identifier);
    return next;
  };

  const signIn = (values: AuthorizeSignInValues) =>
    run(async () => {
      const reply = await oauth2Login(withIdentifier(values.identifier), { email: values.identifier, password: values.password, platform: platform.deviceKind() });
      if (reply.isMultiFactorAuth) {
        setOtp('');
        // The desktop apps keep no trusted-device cookie: they are not offered it here.
        setStep({ kind: 'otp', email: values.identifier, password: values.password, mayTrustDevice: (reply.mayTrustDevice ?? false) && platform.deviceKind() !== 'desktop' });
        setRememberDevice(false);
        restartCountdown();
        return;
      }
      await go(reply);
    });

  const submitOtp = (event: FormEvent, current: Extract<Step, { kind: 'otp' }>) => {
    event.preventDefault();
    const parsed = OtpSchema.safeParse(otp);
    setOtpError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    void run(async () => {
      try {
        const remember = rememberDevice && current.mayTrustDevice;
        const reply = await oauth2Login(withIdentifier(current.email), { email: current.email, password: current.password, platform: platform.deviceKind(), otp: parsed.data, ...(remember ? { rememberDevice: true } : {}) });
        // As on the portal's code screen: a failed redemption only means the next sign-in asks for the code again.
        if (reply.deviceGrant) await trustThisDevice(reply.deviceGrant);
        await go(reply);
      } catch (error) {
        setOtp('');
        throw error;
      }
    });
  };

  const resend = (current: Extract<Step, { kind: 'otp' }>) =>
    run(async () => {
      await oauth2Login(withIdentifier(current.email), { email: current.email, password: current.password, platform: platform.deviceKind() });
      restartCountdown();
      showToast(tEnglish(MESSAGES.otpSent));
    });

  if (!started && query.has('client_id')) return <LoadingScreen label={t('authorize.starting')} fullPage />;

  // The portal's own sign-in takes the step (verification, the second factor's setup, the password change) and then
  // comes back here (previousURL), where the signed-in user continues to the app.
  const toPortal = () => rememberPreviousUrl(`${window.location.pathname}${window.location.search}`);
  const errorDialog = (
    <Modal
      open={dialog !== null}
      alert
      onClose={() => setDialog(null)}
      title={t('authorize.errorTitle')}
      description={tEnglish(dialog?.message ?? '')}
      footer={
        dialog?.toPortal ? (
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              {t('common.cancel')}
            </Button>
            <Link className="button button-primary" to="/login" onClick={toPortal}>
              {t('authorize.signInOnPortal')}
            </Link>
          </>
        ) : (
          <Button onClick={() => setDialog(null)}>{t('dialog.ok')}</Button>
        )
      }
    />
  );

  if (loadError !== null || !started) {
    return (
      <AuthLayout>
        <header className="screen-header">
          <h1>{t('title.authorize')}</h1>
          <p className="lead" role="alert">
            {tEnglish(loadError ?? INCOMPLETE_LINK)}
          </p>
        </header>
      </AuthLayout>
    );
  }
  if (!app) return <LoadingScreen label={t('authorize.loadingApp')} />;

  if (step.kind === 'consent') {
    return (
      <AuthLayout>
        <ConsentPanel app={app} scopes={step.scopes} email={sessionEmail} busy={busy} onDecide={decide} />
        {errorDialog}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <header className="screen-header authorize-header">
        {app.client_logo ? <img className="authorize-logo" src={app.client_logo} alt={t('authorize.logoAlt', { app: app.client_name })} /> : null}
        <h1>{t('authorize.signInTo', { app: app.client_name })}</h1>
        <p className="lead">{t('authorize.asks', { app: app.client_name })}</p>
      </header>
      {step.kind === 'choose' ? (
        <div className="actions authorize-choose">
          <Button className="button-block" loading={busy} onClick={() => void run(async () => go(await oauth2Continue(query, token!)))}>
            {t('authorize.continueAs', { email: ltr(sessionEmail ?? '') })}
          </Button>
          <Button variant="secondary" className="button-block" disabled={busy} onClick={() => setStep({ kind: 'password' })}>
            {t('authorize.useAnother')}
          </Button>
        </div>
      ) : null}
      {step.kind === 'password' ? (
        <AuthorizeForm loading={busy} onSubmit={signIn} />
      ) : null}
      {step.kind === 'otp' ? (
        <>
          <form className="form" noValidate onSubmit={(event) => submitOtp(event, step)}>
            <p className="lead">{t('authorize.otpLead')}</p>
            <OtpInput id="authorize-otp" label={t('field.otp')} value={otp} onChange={setOtp} error={otpError} disabled={busy} />
            {step.mayTrustDevice ? (
              <div className="checkbox">
                <input id="authorize-remember-device" type="checkbox" checked={rememberDevice} disabled={busy} onChange={(event) => setRememberDevice(event.target.checked)} />
                <label htmlFor="authorize-remember-device">{t('mfa.rememberDevice')}</label>
              </div>
            ) : null}
            <Button type="submit" className="button-block" loading={busy}>
              {t('common.submit')}
            </Button>
          </form>
          <p className="screen-footer">
            {t('mfa.didNotGet')}{' '}
            <Button variant="link" disabled={secondsLeft > 0 || busy} onClick={() => void resend(step)}>
              {secondsLeft > 0 ? t('mfa.resendIn', { seconds: secondsLeft }) : t('mfa.resend')}
            </Button>
          </p>
        </>
      ) : null}
      {errorDialog}
    </AuthLayout>
  );
}
