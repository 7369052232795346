import { useState } from 'react';
import { scopeInWords } from '../../../shared/protocol/oauth2-schemas';
import type { ConnectedApp } from '../../../shared/protocol/security-schemas';
import { call } from '../../api';
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
  const [pending, setPending] = useState<ConnectedApp | null>(null);
  const [error, setError] = useTimedMessage();
  const { list: apps, busy, change } = useAccountList(loadApps, setError);

  const revoke = async () => {
    if (!pending) return;
    await change(async () => {
      await call('revokeConnectedApp', { clientId: pending.clientId });
      showToast(`${pending.name} no longer has access to your account.`);
    }, () => setPending(null));
  };

  return (
    <AccountLayout title="Connected apps" intro="Apps outside the suite that you allowed to sign you in with your Suite Portal account. Revoke access to an app you no longer use.">
      <AlertMessage message={error} />
      {apps === null ? <p className="muted" role="status">Loading connected apps…</p> : null}
      {apps !== null && apps.length === 0 ? <p className="muted">No app outside the suite has access to your account.</p> : null}
      {apps !== null && apps.length > 0 ? (
        <ul className="connected-apps" aria-label="Connected apps">
          {apps.map((app) => (
            <li key={app.clientId} className="connected-app">
              {app.logoUrl ? <img className="connected-app-logo" src={app.logoUrl} alt="" /> : <span className="connected-app-logo" aria-hidden="true" />}
              <div className="connected-app-text">
                <h2 className="connected-app-name">{app.name}</h2>
                <p className="muted">Allowed {formatTime(app.allowedAt)}. It may:</p>
                <ul className="connected-app-scopes">
                  {app.scopes.map((scope) => (
                    <li key={scope}>{scopeInWords(scope)}</li>
                  ))}
                </ul>
              </div>
              <Button variant="secondary" className="button-compact" aria-label={`Revoke access of ${app.name}`} onClick={() => setPending(app)}>
                Revoke access
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={`Revoke access of ${pending?.name ?? 'this app'}?`}
        message={`${pending?.name ?? 'The app'} will be signed out and its tokens will stop working. If you sign in to it again, it will ask for your permission again.`}
        confirmLabel="Revoke access"
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setPending(null)}
      />
    </AccountLayout>
  );
}
