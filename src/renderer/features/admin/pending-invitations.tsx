import { useCallback, useEffect, useState } from 'react';
import { PAGE_SIZE_OPTIONS } from '../../../shared/limits';
import { PRODUCT_LABELS, type ProductKey } from '../../../shared/products';
import type { PendingInvitation } from '../../../shared/protocol/admin-schemas';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { SearchInput } from '../../ui/search-input';
import { DataTable } from '../../ui/table/data-table';
import type { TableColumn } from '../../ui/table/table-state';
import { Tag } from '../../ui/tag';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { formatTime } from '../account/account-format';
import { grantableProducts, ROLE_LABELS } from './admin-format';
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
      showToast(`A new invitation was sent to ${invitation.email}; the earlier link no longer works.`);
      table.reload();
    } catch (failure) {
      showError(errorMessage(failure));
    }
  };

  const revoke = async (invitation: PendingInvitation) => {
    setBusy(true);
    try {
      await call('revokeInvitation', { orgId, invitationId: invitation.id });
      showToast(`The invitation to ${invitation.email} was revoked.`);
      table.reload();
    } catch (failure) {
      showError(errorMessage(failure));
    } finally {
      setBusy(false);
      revoking.hide();
    }
  };

  const columns: TableColumn<PendingInvitation>[] = [
    { title: 'Email', param: 'email', sort: true, render: (invitation) => <span className="admin-email">{invitation.email}</span> },
    { title: 'Role', param: 'role', sort: true, render: (invitation) => ROLE_LABELS[invitation.role] },
    {
      title: 'Product access',
      param: 'productAccess',
      render: (invitation) => {
        if (invitation.role === 'admin') return <Tag title="Every product of the plan" />;
        const products = grantableProducts(invitation.role, plan).filter((product) => invitation.productAccess.includes(product));
        return products.length ? (
          <span className="admin-tags">
            {products.map((product) => (
              <Tag key={product} title={PRODUCT_LABELS[product]} />
            ))}
          </span>
        ) : (
          <span className="muted">None</span>
        );
      },
    },
    { title: 'Sent', param: 'sentAt', sort: true, render: (invitation) => <time dateTime={invitation.sentAt}>{formatTime(invitation.sentAt)}</time> },
    {
      title: 'Expires',
      param: 'expiresAt',
      sort: true,
      render: (invitation) =>
        invitation.expired ? (
          <span className="admin-badge admin-badge-warning">Expired</span>
        ) : invitation.expiresAt ? (
          <time dateTime={invitation.expiresAt}>{formatTime(invitation.expiresAt)}</time>
        ) : (
          <span className="muted">Never</span>
        ),
    },
    { title: 'Invited by', param: 'invitedBy', render: (invitation) => invitation.invitedBy ?? <span className="muted">Unknown</span> },
    {
      title: 'Actions',
      param: 'actions',
      render: (invitation) => (
        <span className="admin-row-actions">
          <Button variant="secondary" className="button-compact" aria-label={`Resend the invitation to ${invitation.email}`} onClick={() => void resend(invitation)}>
            Resend
          </Button>
          <Button variant="secondary" className="button-compact button-danger" aria-label={`Revoke the invitation to ${invitation.email}`} onClick={() => revoking.show(invitation)}>
            Revoke
          </Button>
        </span>
      ),
    },
  ];

  return (
    <section className="admin-form" aria-labelledby="pending-title">
      <h2 id="pending-title">Pending invitations</h2>
      <div className="admin-toolbar">
        <SearchInput id="invitation-search" label="Search invitations" placeholder="Email" onSearch={table.setSearch} />
      </div>
      <AlertMessage message={error ?? table.error} />
      <DataTable
        caption="Invitations not accepted yet"
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
        title="Revoke this invitation?"
        message={revoking.subject ? `The link mailed to ${revoking.subject.email} stops working at once. You can invite them again later.` : undefined}
        confirmLabel="Revoke"
        busy={busy}
        onConfirm={() => revoking.subject && void revoke(revoking.subject)}
        onCancel={revoking.hide}
      />
    </section>
  );
}
