import type { RefObject } from 'react';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy';
import { Modal } from '../../ui/dialog/modal';
import type { Registered } from './app-dialog';

/** Said wherever a secret is shown: the portal keeps only its hash, so this is the one chance to copy it. */
export const SECRET_SHOWN_ONCE = 'This secret is shown only now: the portal keeps only a fingerprint of it. Copy it into the app’s configuration before you close this.';

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
  if (!registered) return null;
  const { app, clientSecret } = registered;
  return (
    <Modal
      open={open}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      title={`Client secret of ${app.name}`}
      description={SECRET_SHOWN_ONCE}
      confirmClose={{ title: 'Close without the secret?', text: 'If you have not copied it, only a new secret (Rotate secret) can replace it.' }}
      footer={<Button onClick={onClose}>Done, I have kept it</Button>}
    >
      <dl className="admin-credentials">
        <div>
          <dt>Client ID</dt>
          <dd>
            <code data-testid="app-client-id">{app.clientId}</code>
            <CopyButton value={app.clientId} label="Copy the client ID" />
          </dd>
        </div>
        <div>
          <dt>Client secret</dt>
          <dd>
            <code data-testid="app-client-secret">{clientSecret}</code>
            {clientSecret ? <CopyButton value={clientSecret} label="Copy the client secret" /> : null}
          </dd>
        </div>
      </dl>
    </Modal>
  );
}
