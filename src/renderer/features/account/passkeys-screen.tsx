import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../../shared/limits';
import { PasskeyNameSchema, type PasskeySummary } from '../../../shared/protocol/passkey-schemas';
import { call, errorMessage } from '../../api';
import { useT } from '../../i18n/screens';
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
  const t = useT();
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
      showToast(t('account.passkeyAdded', { name: passkey.name }));
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
      showToast(t('account.passkeyRemoved', { name: removing.name }));
    }, () => setRemoving(null));
  };

  const columns: TableColumn<PasskeySummary>[] = [
    {
      title: t('account.colName'),
      param: 'name',
      sort: true,
      render: (row) => (
        <span className="session-device">
          {row.name}
          {row.backedUp ? <span className="this-device">{t('account.synced')}</span> : null}
        </span>
      ),
    },
    { title: t('account.colAdded'), param: 'createdAt', sort: true, render: (row) => formatTime(row.createdAt) },
    {
      title: t('account.colLastUsed'),
      param: 'lastUsedAt',
      sort: true,
      render: (row) => (row.lastUsedAt ? <time dateTime={row.lastUsedAt} title={formatTime(row.lastUsedAt)}>{formatAgo(row.lastUsedAt)}</time> : t('account.never')),
    },
    {
      title: t('account.colAction'),
      param: 'id',
      render: (row) => (
        <Button variant="secondary" className="button-compact" aria-label={t('account.removePasskeyOf', { name: row.name })} onClick={() => setRemoving(row)}>
          {t('account.remove')}
        </Button>
      ),
    },
  ];

  return (
    <AccountLayout
      title={t('account.passkeysTitle')}
      intro={t('account.passkeysIntro')}
    >
      <AlertMessage message={error} />
      <form className="form passkey-form" noValidate aria-label={t('account.addPasskey')} onSubmit={(event) => void handleSubmit(add)(event)}>
        <TextField id="passkey-name" label={t('account.passkeyName')} placeholder={t('account.passkeyNamePlaceholder')} autoComplete="off" maxLength={64} error={errors.name?.message} disabled={!supported} {...register('name')} />
        <Button type="submit" loading={adding} disabled={!supported}>
          {t('account.addPasskey')}
        </Button>
      </form>
      {supported ? null : <p className="muted">{t('account.passkeysUnsupported')}</p>}
      <DataTable
        caption={t('account.yourPasskeys')}
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
        empty={t('account.noPasskeys')}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('account.removePasskeyTitle')}
        message={removing ? t('account.removePasskeyMessage', { name: removing.name }) : undefined}
        confirmLabel={t('account.removePasskey')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </AccountLayout>
  );
}
