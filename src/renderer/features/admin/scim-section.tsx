import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScimSettings } from '../../../shared/protocol/scim-schemas';
import { call, errorMessage } from '../../api';
import { ltr, useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { Modal } from '../../ui/dialog/modal';
import { LoadingScreen } from '../../ui/spinner';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { slot, Slotted, When } from './admin-text';

/**
 * The "SCIM provisioning" part of /admin/{orgId}/sign-in: the base URL to paste into the directory (Okta, Microsoft
 * Entra), the token in force (its last four characters, who issued it, when it was last used), and Generate, Rotate
 * (the old token stops at once) and Revoke, each change behind a confirmation. A new token is shown once, with a copy
 * button, in a dialog that asks before it closes.
 */
export function ScimSection({ orgId, company }: { orgId: string; company: string }) {
  const t = useT();
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
      showToast(t('adminScim.toastRevoked'));
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
      <h2 id="scim-heading">{t('adminScim.heading')}</h2>
      <p className="admin-note">{t('adminScim.note', { company })}</p>
      <AlertMessage message={error} />
      {settings === null ? (
        <LoadingScreen label={t('adminScim.loading')} />
      ) : (
        <>
          <dl className="admin-credentials">
            <div>
              <dt>{t('adminScim.baseUrl')}</dt>
              <dd>
                <code dir="ltr">{settings.baseUrl}</code>
                <CopyButton value={settings.baseUrl} label={t('adminScim.copyBaseUrl')} />
              </dd>
            </div>
            <div>
              <dt>{t('adminScim.token')}</dt>
              <dd>
                {token ? (
                  <span role="status">
                    <Slotted text={t(token.lastUsedAt ? 'adminScim.tokenUsed' : 'adminScim.tokenUnused', { hint: slot(0), created: slot(1), by: ltr(token.createdBy), used: slot(2) })}>
                      <code dir="ltr">…{token.hint}</code>
                      <When at={token.createdAt} />
                      {token.lastUsedAt ? <When at={token.lastUsedAt} /> : null}
                    </Slotted>
                  </span>
                ) : (
                  <span role="status">{t('adminScim.noToken')}</span>
                )}
              </dd>
            </div>
          </dl>
          <div className="admin-row-actions">
            <Button ref={issueButton} className="button-compact" loading={busy && asking !== 'revoke'} disabled={busy} onClick={() => (token ? setAsking('rotate') : void issue())}>
              {token ? t('adminScim.rotate') : t('adminScim.generate')}
            </Button>
            {token ? (
              <Button variant="secondary" className="button-compact button-danger" disabled={busy} onClick={() => setAsking('revoke')}>
                {t('adminScim.revoke')}
              </Button>
            ) : null}
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'revoke' ? t('adminScim.confirmRevokeTitle') : t('adminScim.confirmReplaceTitle')}
        message={asking === 'revoke' ? t('adminScim.confirmRevoke', { company }) : t('adminScim.confirmReplace')}
        confirmLabel={asking === 'revoke' ? t('adminScim.revokeButton') : t('adminScim.replaceButton')}
        busy={busy}
        onConfirm={() => void (asking === 'revoke' ? revoke() : issue())}
        onCancel={() => setAsking(null)}
      />
      <Modal
        open={issued !== null}
        onClose={() => setIssued(null)}
        returnFocusTo={issueButton}
        title={t('adminScim.newTokenTitle')}
        description={t('adminScim.shownOnce')}
        confirmClose={{ title: t('adminScim.closeTitle'), text: t('adminScim.closeText') }}
        footer={<Button onClick={() => setIssued(null)}>{t('adminScim.done')}</Button>}
      >
        <dl className="admin-credentials">
          <div>
            <dt>{t('adminScim.token')}</dt>
            <dd>
              <code data-testid="scim-token" dir="ltr">
                {issued}
              </code>
              {issued ? <CopyButton value={issued} label={t('adminScim.copyToken')} /> : null}
            </dd>
          </div>
        </dl>
      </Modal>
    </section>
  );
}

