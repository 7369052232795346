import type { RefObject } from 'react';
import { useT } from '../../i18n/screens';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy';
import { Modal } from '../../ui/dialog/modal';
import type { Registered } from './app-dialog';

interface AppSecretDialogProps {
  open: boolean;
  /** The app and its new secret, from registering or rotating it. */
  registered: Registered | null;
  /** What began the registration or rotation: the focus goes back there (the dialog that asked has closed). */
  returnFocusTo: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/**
 * A confidential app's client id and secret, right after registering or rotating (the reply holds the secret once).
 * Closing it any way but Done asks first; once closed, the secret is gone from the page and from the portal's reach.
 */
export function AppSecretDialog({ open, registered, returnFocusTo, onClose }: AppSecretDialogProps) {
  const t = useT();
  if (!registered) return null;
  const { app, clientSecret } = registered;
  return (
    <Modal
      open={open}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      title={t('adminApps.secretTitle', { name: app.name })}
      description={t('adminApps.secretShownOnce')}
      confirmClose={{ title: t('adminApps.secretCloseTitle'), text: t('adminApps.secretCloseText') }}
      footer={<Button onClick={onClose}>{t('adminApps.secretDone')}</Button>}
    >
      <dl className="admin-credentials">
        <div>
          <dt>{t('adminApps.clientId')}</dt>
          <dd>
            <code data-testid="app-client-id">{app.clientId}</code>
            <CopyButton value={app.clientId} label={t('adminApps.copyClientId')} />
          </dd>
        </div>
        <div>
          <dt>{t('adminApps.clientSecret')}</dt>
          <dd>
            <code data-testid="app-client-secret">{clientSecret}</code>
            {clientSecret ? <CopyButton value={clientSecret} label={t('adminApps.copyClientSecret')} /> : null}
          </dd>
        </div>
      </dl>
    </Modal>
  );
}
