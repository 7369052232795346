import { useEffect, useState } from 'react';
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

/**
 * /account/second-factor: the factors set up and those the companies offer; a link to change them on the setup
 * screen (which comes back here); and a new recovery code behind the confirm-word dialog, shown once.
 */
export function SecondFactorScreen() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);
  const [error, setError] = useTimedMessage();

  useEffect(() => {
    call('hrms|master|MFA|read', undefined).then(setLoaded, (failure: unknown) => setError(errorMessage(failure)));
  }, [setError]);

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
          <div className="actions actions-start">
            {offered ? (
              <Link className="button button-primary" to="/setup-multi-factor" state={{ returnTo: ACCOUNT_PATHS.secondFactor }}>
                Change second factor
              </Link>
            ) : null}
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
    </AccountLayout>
  );
}
