import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { call, errorMessage } from '../../api';
import { useT } from '../../i18n/screens';
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

/** Which factor a Turn on / Turn off is about (the catalog's selects name it: 'authenticator app', 'work email codes'). */
const FACTORS = {
  app: { key: 'isAuthenticatorAppMFA' },
  email: { key: 'isEmailMFA' },
} as const;
type Factor = keyof typeof FACTORS;

/** What the companies offer, as the catalog's select names it. */
const offerOf = (company: Setting) =>
  company.isEmailMFA && company.isAuthenticatorAppMFA ? 'both' : company.isEmailMFA ? 'email' : company.isAuthenticatorAppMFA ? 'app' : 'none';

/**
 * /account/second-factor: the factors set up and those the companies offer; a link to change them on the setup
 * screen (which comes back here); and a new recovery code behind the confirm-word dialog, shown once. When no company
 * of the user's asks for a second factor, the user may turn the authenticator app or work email codes on for their
 * own account (the setup screen, which comes back here) and off again (after a confirmation); sign-in asks for what
 * is on.
 */
export function SecondFactorScreen() {
  const t = useT();
  const onOff = (on: boolean) => (on ? t('account.on') : t('account.off'));
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
      showToast(t('account.regenerated'));
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
      showToast(t('account.factorOff', { factor }));
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
    <AccountLayout title={t('account.secondFactorTitle')} intro={t('account.secondFactorIntro')}>
      <AlertMessage message={error} />
      {loaded === null && !error ? <LoadingScreen label={t('account.loadingSecondFactor')} /> : null}
      {loaded ? (
        <>
          <dl className="factor-list">
            <div>
              <dt>{t('account.workEmailCode')}</dt>
              <dd>{onOff(loaded.MFA.isEmailMFA)}</dd>
            </div>
            <div>
              <dt>{t('account.authenticatorApp')}</dt>
              <dd>{onOff(loaded.MFA.isAuthenticatorAppMFA)}</dd>
            </div>
            <div>
              <dt>{t('account.offeredByCompanies')}</dt>
              <dd>{t('account.offered', { offer: offerOf(loaded.company) })}</dd>
            </div>
          </dl>
          {offered ? null : (
            <p className="muted">
              {t('account.protectOwnAccount')}
            </p>
          )}
          <div className="actions actions-start">
            {offered ? (
              <Link className="button button-primary" to="/setup-multi-factor" state={{ returnTo: ACCOUNT_PATHS.secondFactor }}>
                {t('account.changeSecondFactor')}
              </Link>
            ) : (
              (['app', 'email'] as const).map((factor) =>
                loaded.MFA[FACTORS[factor].key] ? (
                  <Button key={factor} variant="secondary" onClick={() => setTurningOff(factor)}>
                    {t('account.turnOffFactor', { factor })}
                  </Button>
                ) : (
                  <Link key={factor} className="button button-primary" to="/setup-multi-factor" state={{ returnTo: ACCOUNT_PATHS.secondFactor, turnOn: factor }}>
                    {t('account.turnOnFactor', { factor })}
                  </Link>
                ),
              )
            )}
            {loaded.MFA.isAuthenticatorAppMFA ? (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {t('account.regenerateCode')}
              </Button>
            ) : null}
          </div>
          {!loaded.MFA.isAuthenticatorAppMFA ? <p className="muted">{t('account.recoveryWithApp')}</p> : null}
          {fresh ? <RecoveryCodePanel code={fresh} testId="regenerated-recovery-code" title={t('account.newRecoveryCode')} /> : null}
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('account.regenerateTitle')}
        message={t('account.regenerateMessage')}
        word={REGENERATE_WORD}
        confirmLabel={t('account.regenerate')}
        busy={busy}
        onConfirm={() => void regenerate()}
        onCancel={() => setConfirming(false)}
      />
      <ConfirmDialog
        open={turningOff !== null}
        title={t('account.turnOffTitle', { factor: turningOff ?? 'none' })}
        message={turningOff === 'app' ? t('account.turnOffAppMessage') : t('account.turnOffEmailMessage')}
        confirmLabel={t('account.turnOff')}
        busy={busy}
        onConfirm={() => turningOff && void turnOff(turningOff)}
        onCancel={() => setTurningOff(null)}
      />
    </AccountLayout>
  );
}
