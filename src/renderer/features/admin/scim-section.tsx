import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScimSettings } from '../../../shared/protocol/scim-schemas';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { Modal } from '../../ui/dialog/modal';
import { LoadingScreen } from '../../ui/spinner';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { formatTime } from '../account/account-format';

/** Said where the token is shown: the portal keeps only a fingerprint of it, so this is the one chance to copy it. */
const TOKEN_SHOWN_ONCE = 'This token is shown only now: the portal keeps only a fingerprint of it. Paste it into your directory’s SCIM settings before you close this.';

/**
 * The "SCIM provisioning" part of /admin/{orgId}/sign-in: the base URL to paste into the directory (Okta, Microsoft
 * Entra), the token in force (its last four characters, who issued it, when it was last used), and Generate, Rotate
 * (the old token stops at once) and Revoke, each change behind a confirmation. A new token is shown once, with a copy
 * button, in a dialog that asks before it closes.
 */
export function ScimSection({ orgId, company }: { orgId: string; company: string }) {
  const [settings, setSettings] = useState<ScimSettings | null>(null);
  const [generation, setGeneration] = useState(0);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<'rotate' | 'revoke' | null>(null);
  const [issued, setIssued] = useState<string | null>(null);
  const [error, showError] = useTimedMessage();
  const issueButton = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    let current = true;
    call('getScimSettings', { orgId }).then(
      (reply) => current && setSettings(reply),
      (failure: unknown) => current && showError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [orgId, generation, showError]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  const issue = async () => {
    setBusy(true);
    try {
      const reply = await call('issueScimToken', { orgId });
      setSettings(reply.settings);
      setIssued(reply.token);
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  const revoke = async () => {
    setBusy(true);
    try {
      await call('revokeScimToken', { orgId });
      showToast('The SCIM token was revoked: the directory’s requests are refused from now on.');
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setBusy(false);
      setAsking(null);
      reload();
    }
  };

  const token = settings?.token ?? null;
  return (
    <section className="admin-part" aria-labelledby="scim-heading">
      <h2 id="scim-heading">SCIM provisioning</h2>
      <p className="admin-note">
        Let {company}’s directory (Okta, Microsoft Entra ID…) add, change and remove its people. In the directory’s SCIM app, enter this base URL and a token
        generated here. It provisions addresses of verified domains only; a group named after a product (such as “HR” or “Chat”) gives its members that product.
      </p>
      <AlertMessage message={error} />
      {settings === null ? (
        <LoadingScreen label="Loading SCIM provisioning…" />
      ) : (
        <>
          <dl className="admin-credentials">
            <div>
              <dt>Base URL</dt>
              <dd>
                <code>{settings.baseUrl}</code>
                <CopyButton value={settings.baseUrl} label="Copy the SCIM base URL" />
              </dd>
            </div>
            <div>
              <dt>Token</dt>
              <dd>
                {token ? (
                  <span role="status">
                    Ending in <code>…{token.hint}</code>, generated <time dateTime={token.createdAt}>{formatTime(token.createdAt)}</time> by {token.createdBy};{' '}
                    {token.lastUsedAt ? (
                      <>
                        last used <time dateTime={token.lastUsedAt}>{formatTime(token.lastUsedAt)}</time>.
                      </>
                    ) : (
                      'not used yet.'
                    )}
                  </span>
                ) : (
                  <span role="status">No token: the directory cannot provision anyone.</span>
                )}
              </dd>
            </div>
          </dl>
          <div className="admin-row-actions">
            <Button ref={issueButton} className="button-compact" loading={busy && asking !== 'revoke'} disabled={busy} onClick={() => (token ? setAsking('rotate') : void issue())}>
              {token ? 'Rotate token' : 'Generate token'}
            </Button>
            {token ? (
              <Button variant="secondary" className="button-compact button-danger" disabled={busy} onClick={() => setAsking('revoke')}>
                Revoke token
              </Button>
            ) : null}
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'revoke' ? 'Revoke the SCIM token?' : 'Replace the SCIM token?'}
        message={
          asking === 'revoke'
            ? `${company}’s directory can no longer add or remove people until you generate a new token. People already provisioned stay as they are.`
            : 'The current token stops working at once: paste the new one into the directory right away.'
        }
        confirmLabel={asking === 'revoke' ? 'Revoke' : 'Replace'}
        busy={busy}
        onConfirm={() => void (asking === 'revoke' ? revoke() : issue())}
        onCancel={() => setAsking(null)}
      />
      <Modal
        open={issued !== null}
        onClose={() => setIssued(null)}
        returnFocusTo={issueButton}
        title="New SCIM token"
        description={TOKEN_SHOWN_ONCE}
        confirmClose={{ title: 'Close without the token?', text: 'If you have not copied it, only a new token (Rotate token) can replace it.' }}
        footer={<Button onClick={() => setIssued(null)}>Done, I have kept it</Button>}
      >
        <dl className="admin-credentials">
          <div>
            <dt>Token</dt>
            <dd>
              <code data-testid="scim-token">{issued}</code>
              {issued ? <CopyButton value={issued} label="Copy the SCIM token" /> : null}
            </dd>
          </div>
        </dl>
      </Modal>
    </section>
  );
}
