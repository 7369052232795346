import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../../shared/limits';
import type { TrustedDevice } from '../../../shared/protocol/trusted-device-schemas';
import { call } from '../../api';
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
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useTimedMessage();
  const { list: devices, busy, change } = useAccountList(loadDevices, setError);
  const [page, setPage] = useState<TablePage>({ page: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE });

  const confirm = async () => {
    if (!pending) return;
    await change(async () => {
      if (pending.kind === 'one') {
        await call('revokeTrustedDevice', { id: pending.device.id });
        showToast(`${pending.device.device} is no longer trusted.`);
      } else {
        const { revoked } = await call('revokeAllTrustedDevices', undefined);
        showToast(revoked === 1 ? '1 device is no longer trusted.' : `${revoked} devices are no longer trusted.`);
      }
    }, () => setPending(null));
  };

  const columns: TableColumn<TrustedDevice>[] = [
    { title: 'Trusted device', param: 'device' },
    { title: 'Added', param: 'createdAt', render: (row) => formatTime(row.createdAt) },
    {
      title: 'Last used',
      param: 'lastUsedAt',
      render: (row) => (row.lastUsedAt ? <time dateTime={row.lastUsedAt} title={formatTime(row.lastUsedAt)}>{formatAgo(row.lastUsedAt)}</time> : 'Not yet'),
    },
    { title: 'Expires', param: 'expiresAt', render: (row) => formatTime(row.expiresAt) },
    {
      title: 'Action',
      param: 'id',
      render: (row) => (
        <Button variant="secondary" className="button-compact" aria-label={`Stop trusting ${row.device}, added ${formatTime(row.createdAt)}`} onClick={() => setPending({ kind: 'one', device: row })}>
          Stop trusting
        </Button>
      ),
    },
  ];

  const count = devices?.length ?? 0;
  return (
    // Not a landmark of its own: the table is the named region ("Trusted devices"), as the sessions table is.
    <div className="account-section">
      <h2 id="trusted-devices-title">Trusted devices</h2>
      <p className="muted">Devices where you chose &ldquo;Don&apos;t ask again on this device for 30 days&rdquo;: they skip the second factor until then.</p>
      <AlertMessage message={error} />
      <div className="account-toolbar">
        <Button variant="secondary" disabled={count === 0} onClick={() => setPending({ kind: 'all' })}>
          Stop trusting all
        </Button>
      </div>
      <DataTable
        caption="Trusted devices"
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
        title={pending?.kind === 'one' ? 'Stop trusting this device?' : 'Stop trusting all devices?'}
        message={
          pending?.kind === 'one'
            ? `${pending.device.device} will ask for the second factor at its next sign-in.`
            : `Every trusted device will ask for the second factor at its next sign-in: ${count === 1 ? '1 device' : `${count} devices`}.`
        }
        confirmLabel="Stop trusting"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
