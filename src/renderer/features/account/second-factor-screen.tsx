import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { LoadingScreen } from '../../ui/spinner';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { RecoveryCodePanel } from '../multi-factor/recovery-code-panel';
import { AccountLayout } from './account-layout';
import { ACCOUNT_PATHS } from './account-paths';
import '../multi-factor/multi-factor.css';

type Setting = { isEmailMFA: boolean; isAuthenticatorAppMFA: boolean };
type Loaded = { MFA: Setting; company: Setting };

/** The word the confirm dialog asks for before a new recovery code replaces the old one. */
export const REGENERATE_WORD = 'regenerate';

const onOff = (on: boolean) => (on ? 'On' : 'Off');

/** Which factor a Turn on / Turn off is about, with the words the screen uses for it. */
const FACTORS = {
  app: { label: 'authenticator app', key: 'isAuthenticatorAppMFA' },
  email: { label: 'work email codes', key: 'isEmailMFA' },
} as const;
type Factor = keyof typeof FACTORS;

/**
 * /account/second-factor: the factors set up and those the companies offer; a link to change them on the setup
 * screen (which comes back here); and a new recovery code behind the confirm-word dialog, shown once. When no company
 * of the user's asks for a second factor, the user may turn the authenticator app or work email codes on for their
 * own account (the setup screen, which comes back here) and off again (after a confirmation); sign-in asks for what
 * is on.
 */
export function SecondFactorScreen() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [turningOff, setTurningOff] = useState<Factor | null>(null);
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);
  const [error, setError] = useTimedMessage();

  const load = useCallback(() => {
    call('hrms|master|MFA|read', undefined).then(setLoaded, (failure: unknown) => setError(errorMessage(failure)));
  }, [setError]);
  useEffect(load, [load]);

  const regenerate = async () => {
    setBusy(true);
    try {
      setFresh((await call('regenerateRecoveryCode', undefined)).recoveryCode);
      showToast('A new recovery code replaced the old one.');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const turnOff = async (factor: Factor) => {
    if (!loaded) return;
    setBusy(true);
    try {
      await call('hrms|master|MFA|setup', { MFA: { ...loaded.MFA, [FACTORS[factor].key]: false } });
      showToast(`The ${FACTORS[factor].label} is off. Sign-in no longer asks for it.`);
      setFresh(null);
      load();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
      setTurningOff(null);
    }
  };

  const offered = loaded && (loaded.company.isEmailMFA || loaded.company.isAuthenticatorAppMFA);
  return (
    <AccountLayout title="Second factor" intro="What you pass after your password, and the recovery code that stands in for your authenticator app if you lose it.">
      <AlertMessage message={error} />
      {loaded === null && !error ? <LoadingScreen label="Loading your second factor…" /> : null}
      {loaded ? (
        <>
          <dl className="factor-list">
            <div>
              <dt>Work email code</dt>
              <dd>{onOff(loaded.MFA.isEmailMFA)}</dd>
            </div>
            <div>
              <dt>Authenticator app</dt>
              <dd>{onOff(loaded.MFA.isAuthenticatorAppMFA)}</dd>
            </div>
            <div>
              <dt>Offered by your companies</dt>
              <dd>{offered ? [loaded.company.isEmailMFA ? 'work email' : null, loaded.company.isAuthenticatorAppMFA ? 'authenticator app' : null].filter(Boolean).join(' and ') : 'none: no company of yours asks for a second factor'}</dd>
            </div>
          </dl>
          {offered ? null : (
            <p className="muted">
              You can still protect your own account: turn on a second factor and sign-in asks for it after your password, until you turn it off.
            </p>
          )}
          <div className="actions actions-start">
            {offered ? (
              <Link className="button button-primary" to="/setup-multi-factor" state={{ returnTo: ACCOUNT_PATHS.secondFactor }}>
                Change second factor
              </Link>
            ) : (
              (['app', 'email'] as const).map((factor) =>
                loaded.MFA[FACTORS[factor].key] ? (
                  <Button key={factor} variant="secondary" onClick={() => setTurningOff(factor)}>
                    Turn off {FACTORS[factor].label}
                  </Button>
                ) : (
                  <Link key={factor} className="button button-primary" to="/setup-multi-factor" state={{ returnTo: ACCOUNT_PATHS.secondFactor, turnOn: factor }}>
                    Turn on {FACTORS[factor].label}
                  </Link>
                ),
              )
            )}
            {loaded.MFA.isAuthenticatorAppMFA ? (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Regenerate recovery code
              </Button>
            ) : null}
          </div>
          {!loaded.MFA.isAuthenticatorAppMFA ? <p className="muted">A recovery code comes with the authenticator app.</p> : null}
          {fresh ? <RecoveryCodePanel code={fresh} testId="regenerated-recovery-code" title="Your new recovery code (shown once)" /> : null}
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Regenerate the recovery code?"
        message="Your current recovery code stops working at once. Keep the new one somewhere safe: it is shown only now."
        word={REGENERATE_WORD}
        confirmLabel="Regenerate"
        busy={busy}
        onConfirm={() => void regenerate()}
        onCancel={() => setConfirming(false)}
      />
      <ConfirmDialog
        open={turningOff !== null}
        title={`Turn off the ${turningOff ? FACTORS[turningOff].label : 'second factor'}?`}
        message={
          turningOff === 'app'
            ? 'Sign-in stops asking for a code from your authenticator app, and its recovery code stops working. You can turn it on again at any time.'
            : 'Sign-in stops mailing you a code. You can turn it on again at any time.'
        }
        confirmLabel="Turn off"
        busy={busy}
        onConfirm={() => turningOff && void turnOff(turningOff)}
        onCancel={() => setTurningOff(null)}
      />
    </AccountLayout>
  );
}
