import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../../shared/limits';
import { PasskeyNameSchema, type PasskeySummary } from '../../../shared/protocol/passkey-schemas';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { DataTable } from '../../ui/table/data-table';
import { sortAndPage, type TableColumn, type TablePage, type TableSort } from '../../ui/table/table-state';
import { TextField } from '../../ui/text-field';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { formatAgo, formatTime } from './account-format';
import { AccountLayout } from './account-layout';
import { ceremonyFailure, createPasskey, passkeysSupported } from '../passkeys/passkey-ceremony';
import { useAccountList } from './use-account-list';

const AddFormSchema = z.object({ name: PasskeyNameSchema });
type AddValues = z.input<typeof AddFormSchema>;
type AddOutput = z.output<typeof AddFormSchema>;

const loadPasskeys = () => call('getPasskeyList', undefined).then(({ list }) => list);

/**
 * /account/passkeys: add a passkey (named; the browser's own dialog makes it on this device, a phone or a security
 * key), the list with when each was added and last used, and remove one after a confirmation. Each change is mailed to
 * the account's address.
 */
export function PasskeysScreen() {
  const [sort, setSort] = useState<TableSort | null>({ createdAt: -1 });
  const [page, setPage] = useState<TablePage>({ page: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE });
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useTimedMessage();
  const { list: passkeys, reload, busy, change } = useAccountList(loadPasskeys, setError);
  const supported = passkeysSupported();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AddValues, unknown, AddOutput>({ resolver: zodResolver(AddFormSchema), defaultValues: { name: '' } });

  const add = async ({ name }: AddOutput) => {
    setAdding(true);
    try {
      const { challengeId, options } = await call('getPasskeyRegistrationOptions', undefined);
      const response = await createPasskey(options);
      const { passkey } = await call('registerPasskey', { challengeId, name, response });
      showToast(`Passkey “${passkey.name}” added. You can sign in with it now.`);
      reset();
      reload();
    } catch (failure) {
      setError(ceremonyFailure(failure) ?? errorMessage(failure));
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    await change(async () => {
      await call('removePasskey', { passkeyId: removing.id });
      showToast(`Passkey “${removing.name}” removed.`);
    }, () => setRemoving(null));
  };

  const columns: TableColumn<PasskeySummary>[] = [
    {
      title: 'Name',
      param: 'name',
      sort: true,
      render: (row) => (
        <span className="session-device">
          {row.name}
          {row.backedUp ? <span className="this-device">Synced</span> : null}
        </span>
      ),
    },
    { title: 'Added', param: 'createdAt', sort: true, render: (row) => formatTime(row.createdAt) },
    {
      title: 'Last used',
      param: 'lastUsedAt',
      sort: true,
      render: (row) => (row.lastUsedAt ? <time dateTime={row.lastUsedAt} title={formatTime(row.lastUsedAt)}>{formatAgo(row.lastUsedAt)}</time> : 'Never'),
    },
    {
      title: 'Action',
      param: 'id',
      render: (row) => (
        <Button variant="secondary" className="button-compact" aria-label={`Remove passkey ${row.name}`} onClick={() => setRemoving(row)}>
          Remove
        </Button>
      ),
    },
  ];

  return (
    <AccountLayout
      title="Passkeys"
      intro="Sign in with your fingerprint, face or screen lock instead of your password. A passkey lives on one device, on a security key, or in your password manager."
    >
      <AlertMessage message={error} />
      <form className="form passkey-form" noValidate aria-label="Add a passkey" onSubmit={(event) => void handleSubmit(add)(event)}>
        <TextField id="passkey-name" label="Passkey name" placeholder="Work laptop" autoComplete="off" maxLength={64} error={errors.name?.message} disabled={!supported} {...register('name')} />
        <Button type="submit" loading={adding} disabled={!supported}>
          Add a passkey
        </Button>
      </form>
      {supported ? null : <p className="muted">Passkeys cannot be made here: this browser does not support them, or the portal is open by its IP address instead of its name.</p>}
      <DataTable
        caption="Your passkeys"
        columns={columns}
        rows={sortAndPage(passkeys ?? [], sort, page)}
        rowKey={(row) => row.id}
        total={passkeys?.length ?? 0}
        loading={passkeys === null}
        sort={sort}
        onSortChange={setSort}
        page={page.page}
        pageSize={page.pageSize}
        onPageChange={setPage}
        empty="No passkeys yet. Add one to sign in without your password."
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this passkey?"
        message={removing ? `“${removing.name}” will no longer sign in to your account. You can also delete it from the device or password manager that holds it.` : undefined}
        confirmLabel="Remove passkey"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </AccountLayout>
  );
}
