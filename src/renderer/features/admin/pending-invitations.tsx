import { useCallback, useEffect, useState } from 'react';
import { PAGE_SIZE_OPTIONS } from '../../../shared/limits';
import { PRODUCT_LABELS, type ProductKey } from '../../../shared/products';
import type { PendingInvitation } from '../../../shared/protocol/admin-schemas';
import { call, errorMessage } from '../../api';
import { ltr, useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { SearchInput } from '../../ui/search-input';
import { DataTable } from '../../ui/table/data-table';
import type { TableColumn } from '../../ui/table/table-state';
import { Tag } from '../../ui/tag';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { formatDateTime, grantableProducts, ROLE_LABELS } from './admin-format';
import { useDialog } from './use-dialog';
import { useServerTable, type TableRequest } from './use-server-table';

interface PendingInvitationsProps {
  orgId: string;
  plan: readonly ProductKey[];
  /** Bumped by the forms after they invite, so the list shows the new invitations. */
  generation: number;
}

/** The invitations neither accepted nor revoked, live or expired (marked), with resend and revoke (after a confirmation). */
export function PendingInvitations({ orgId, plan, generation }: PendingInvitationsProps) {
  const t = useT();
  const revoking = useDialog<PendingInvitation>();
  const [busy, setBusy] = useState(false);
  const [error, showError] = useTimedMessage();
  const fetchPage = useCallback(
    ({ page, pageSize, sort, search }: TableRequest) => call('getOrganizationInvitations', { orgId, page, pageSize, ...(sort ? { sort } : {}), ...(search ? { search } : {}) }),
    [orgId],
  );
  const table = useServerTable(fetchPage, { sentAt: -1 });
  const { reload } = table;
  useEffect(() => {
    if (generation > 0) reload();
  }, [generation, reload]);

  const resend = async (invitation: PendingInvitation) => {
    try {
      await call('resendInvitation', { orgId, invitationId: invitation.id });
      showToast(t('admin.invitations.resent', { email: ltr(invitation.email) }));
      table.reload();
    } catch (failure) {
      showError(errorMessage(failure));
    }
  };

  const revoke = async (invitation: PendingInvitation) => {
    setBusy(true);
    try {
      await call('revokeInvitation', { orgId, invitationId: invitation.id });
      showToast(t('admin.invitations.revoked', { email: ltr(invitation.email) }));
      table.reload();
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setBusy(false);
      revoking.hide();
    }
  };

  const columns: TableColumn<PendingInvitation>[] = [
    { title: t('admin.invitations.email'), param: 'email', sort: true, render: (invitation) => <span className="admin-email">{invitation.email}</span> },
    { title: t('admin.members.role'), param: 'role', sort: true, render: (invitation) => ROLE_LABELS[invitation.role] },
    {
      title: t('admin.products.access'),
      param: 'productAccess',
      render: (invitation) => {
        if (invitation.role === 'admin') return <Tag title={t('admin.products.everyProduct')} />;
        const products = grantableProducts(invitation.role, plan).filter((product) => invitation.productAccess.includes(product));
        return products.length ? (
          <span className="admin-tags">
            {products.map((product) => (
              <Tag key={product} title={PRODUCT_LABELS[product]} />
            ))}
          </span>
        ) : (
          <span className="muted">{t('admin.products.none')}</span>
        );
      },
    },
    { title: t('admin.invitations.sent'), param: 'sentAt', sort: true, render: (invitation) => <time dateTime={invitation.sentAt}>{formatDateTime(invitation.sentAt)}</time> },
    {
      title: t('admin.invitations.expires'),
      param: 'expiresAt',
      sort: true,
      render: (invitation) =>
        invitation.expired ? (
          <span className="admin-badge admin-badge-warning">{t('admin.invitations.expired')}</span>
        ) : invitation.expiresAt ? (
          <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
        ) : (
          <span className="muted">{t('admin.members.never')}</span>
        ),
    },
    { title: t('admin.invitations.invitedBy'), param: 'invitedBy', render: (invitation) => invitation.invitedBy ?? <span className="muted">{t('admin.invitations.unknown')}</span> },
    {
      title: t('admin.members.actions'),
      param: 'actions',
      render: (invitation) => (
        <span className="admin-row-actions">
          <Button variant="secondary" className="button-compact" aria-label={t('admin.invitations.resendTo', { email: ltr(invitation.email) })} onClick={() => void resend(invitation)}>
            {t('admin.invitations.resend')}
          </Button>
          <Button variant="secondary" className="button-compact button-danger" aria-label={t('admin.invitations.revokeTo', { email: ltr(invitation.email) })} onClick={() => revoking.show(invitation)}>
            {t('admin.invitations.revoke')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <section className="admin-form" aria-labelledby="pending-title">
      <h2 id="pending-title">{t('admin.invitations.pending')}</h2>
      <div className="admin-toolbar">
        <SearchInput id="invitation-search" label={t('admin.invitations.search')} placeholder={t('admin.invitations.email')} onSearch={table.setSearch} />
      </div>
      <AlertMessage message={error ?? table.error} />
      <DataTable
        caption={t('admin.invitations.caption')}
        columns={columns}
        rows={table.reply?.list ?? []}
        rowKey={(invitation) => invitation.id}
        total={table.reply?.total ?? 0}
        loading={table.loading}
        sort={table.request.sort}
        onSortChange={table.setSort}
        page={table.request.page}
        pageSize={table.request.pageSize}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        onPageChange={table.setPage}
      />
      <ConfirmDialog
        key={`revoking-${revoking.key}`}
        open={revoking.open}
        title={t('admin.invitations.revokeTitle')}
        message={revoking.subject ? t('admin.invitations.revokeMessage', { email: ltr(revoking.subject.email) }) : undefined}
        confirmLabel={t('admin.invitations.revoke')}
        busy={busy}
        onConfirm={() => revoking.subject && void revoke(revoking.subject)}
        onCancel={revoking.hide}
      />
    </section>
  );
}
