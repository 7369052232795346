import { useState } from 'react';
import { scopeInWords } from '../../../shared/protocol/oauth2-schemas';
import type { ConnectedApp } from '../../../shared/protocol/security-schemas';
import { call } from '../../api';
import { tEnglish, useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { formatTime } from './account-format';
import { AccountLayout } from './account-layout';
import { useAccountList } from './use-account-list';

const loadApps = () => call('getConnectedApps', undefined).then(({ list }) => list);

/**
 * /account/connected-apps: the third-party apps the user allowed to sign them in with the portal (the consent screen
 * at /authorize), what each may see, and "Revoke access" behind a confirmation: the app's sign-ins and tokens end, and
 * its next sign-in asks again. The suite's own apps never ask, so they are not listed.
 */
export function ConnectedAppsScreen() {
  const t = useT();
  const [pending, setPending] = useState<ConnectedApp | null>(null);
  const [error, setError] = useTimedMessage();
  const { list: apps, busy, change } = useAccountList(loadApps, setError);

  const revoke = async () => {
    if (!pending) return;
    await change(async () => {
      await call('revokeConnectedApp', { clientId: pending.clientId });
      showToast(t('account.appRevoked', { app: pending.name }));
    }, () => setPending(null));
  };

  return (
    <AccountLayout title={t('account.connectedAppsTitle')} intro={t('account.connectedAppsIntro')}>
      <AlertMessage message={error} />
      {apps === null ? <p className="muted" role="status">{t('account.loadingApps')}</p> : null}
      {apps !== null && apps.length === 0 ? <p className="muted">{t('account.noApps')}</p> : null}
      {apps !== null && apps.length > 0 ? (
        <ul className="connected-apps" aria-label={t('account.connectedAppsTitle')}>
          {apps.map((app) => (
            <li key={app.clientId} className="connected-app">
              {app.logoUrl ? <img className="connected-app-logo" src={app.logoUrl} alt="" /> : <span className="connected-app-logo" aria-hidden="true" />}
              <div className="connected-app-text">
                <h2 className="connected-app-name">{app.name}</h2>
                <p className="muted">{t('account.appAllowed', { time: formatTime(app.allowedAt) })}</p>
                <ul className="connected-app-scopes">
                  {app.scopes.map((scope) => (
                    <li key={scope}>{tEnglish(scopeInWords(scope))}</li>
                  ))}
                </ul>
              </div>
              <Button variant="secondary" className="button-compact" aria-label={t('account.revokeAccessOf', { app: app.name })} onClick={() => setPending(app)}>
                {t('account.revokeAccess')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t('account.revokeTitle', { app: pending.name }) : t('account.revokeTitleUnnamed')}
        message={pending ? t('account.revokeMessage', { app: pending.name }) : t('account.revokeMessageUnnamed')}
        confirmLabel={t('account.revokeAccess')}
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setPending(null)}
      />
    </AccountLayout>
  );
}
