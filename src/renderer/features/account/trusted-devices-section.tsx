import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../../shared/limits';
import type { TrustedDevice } from '../../../shared/protocol/trusted-device-schemas';
import { call } from '../../api';
import { useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { DataTable } from '../../ui/table/data-table';
import { sortAndPage, type TableColumn, type TablePage } from '../../ui/table/table-state';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { formatAgo, formatTime } from './account-format';
import { useAccountList } from './use-account-list';

type Pending = { kind: 'one'; device: TrustedDevice } | { kind: 'all' } | null;

const loadDevices = () => call('getTrustedDevices', {}).then(({ list }) => list);

/**
 * The devices that skip the second factor ("Don't ask again on this device for 30 days"), in /account/sessions: stop
 * trusting one, or all, after a confirmation. A stopped device asks for the code at its next sign-in; its sessions go on.
 */
export function TrustedDevicesSection() {
  const t = useT();
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useTimedMessage();
  const { list: devices, busy, change } = useAccountList(loadDevices, setError);
  const [page, setPage] = useState<TablePage>({ page: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE });

  const confirm = async () => {
    if (!pending) return;
    await change(async () => {
      if (pending.kind === 'one') {
        await call('revokeTrustedDevice', { id: pending.device.id });
        showToast(t('account.deviceNoLongerTrusted', { device: pending.device.device }));
      } else {
        const { revoked } = await call('revokeAllTrustedDevices', undefined);
        showToast(t('account.devicesNoLongerTrusted', { count: revoked }));
      }
    }, () => setPending(null));
  };

  const columns: TableColumn<TrustedDevice>[] = [
    { title: t('account.colTrustedDevice'), param: 'device', render: (row) => <span lang="en">{row.device}</span> },
    { title: t('account.colAdded'), param: 'createdAt', render: (row) => formatTime(row.createdAt) },
    {
      title: t('account.colLastUsed'),
      param: 'lastUsedAt',
      render: (row) => (row.lastUsedAt ? <time dateTime={row.lastUsedAt} title={formatTime(row.lastUsedAt)}>{formatAgo(row.lastUsedAt)}</time> : t('account.notYet')),
    },
    { title: t('account.colExpires'), param: 'expiresAt', render: (row) => formatTime(row.expiresAt) },
    {
      title: t('account.colAction'),
      param: 'id',
      render: (row) => (
        <Button variant="secondary" className="button-compact" aria-label={t('account.stopTrustingLabel', { device: row.device, added: formatTime(row.createdAt) })} onClick={() => setPending({ kind: 'one', device: row })}>
          {t('account.stopTrusting')}
        </Button>
      ),
    },
  ];

  const count = devices?.length ?? 0;
  return (
    // Not a landmark of its own: the table is the named region ("Trusted devices"), as the sessions table is.
    <div className="account-section">
      <h2 id="trusted-devices-title">{t('account.trustedTitle')}</h2>
      <p className="muted">{t('account.trustedIntro')}</p>
      <AlertMessage message={error} />
      <div className="account-toolbar">
        <Button variant="secondary" disabled={count === 0} onClick={() => setPending({ kind: 'all' })}>
          {t('account.stopTrustingAll')}
        </Button>
      </div>
      <DataTable
        caption={t('account.trustedTitle')}
        columns={columns}
        rows={sortAndPage(devices ?? [], null, page)}
        rowKey={(row) => row.id}
        total={count}
        loading={devices === null}
        sort={null}
        onSortChange={() => undefined}
        page={page.page}
        pageSize={page.pageSize}
        onPageChange={setPage}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'one' ? t('account.stopTrustingOneTitle') : t('account.stopTrustingAllTitle')}
        message={
          pending?.kind === 'one'
            ? t('account.stopTrustingOneMessage', { device: pending.device.device })
            : t('account.stopTrustingAllMessage', { count })
        }
        confirmLabel={t('account.stopTrusting')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
