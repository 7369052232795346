import { useCallback, useState } from 'react';
import { PAGE_SIZE_OPTIONS } from '../../../shared/limits';
import type { Role } from '../../../shared/products';
import type { AdminMember } from '../../../shared/protocol/admin-schemas';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { SearchInput } from '../../ui/search-input';
import { SelectField } from '../../ui/select-field';
import { DataTable } from '../../ui/table/data-table';
import type { TableColumn } from '../../ui/table/table-state';
import { Tag } from '../../ui/tag';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { formatTime } from '../account/account-format';
import type { SectionProps } from './admin-console';
import { openedProducts, ROLE_LABELS, ROLE_OPTIONS, secondFactorLabel } from './admin-format';
import { MemberDialog } from './member-dialog';
import { RemoveMemberDialog } from './remove-member-dialog';
import { useDialog } from './use-dialog';
import { useServerTable, type TableRequest } from './use-server-table';

const ROLE_FILTER = [{ value: '', label: 'All roles' }, ...ROLE_OPTIONS];

/** /admin/{orgId}/members: the members and clients (server-paged, searched, sorted), their role and access, removal. */
export function MembersSection({ orgId, settings }: SectionProps) {
  const [role, setRole] = useState<Role | ''>('');
  const editing = useDialog<AdminMember>();
  const removing = useDialog<AdminMember>();
  const [busy, setBusy] = useState(false);
  const [error, showError] = useTimedMessage();

  const fetchPage = useCallback(
    ({ page, pageSize, sort, search }: TableRequest) =>
      call('getOrganizationMembers', { orgId, page, pageSize, ...(sort ? { sort } : {}), ...(search ? { search } : {}), ...(role ? { roles: [role] } : {}) }),
    [orgId, role],
  );
  const table = useServerTable(fetchPage, { name: 1 });
  const plan = table.reply?.plan ?? settings.plan;

  const resend = async (member: AdminMember) => {
    try {
      await call('resendMemberVerification', { orgId, userId: member.userId });
      showToast(`Verification mail sent to ${member.email}.`);
    } catch (failure) {
      showError(errorMessage(failure));
    }
  };

  const remove = async (member: AdminMember, reason: string | undefined) => {
    setBusy(true);
    try {
      await call('removeOrganizationMember', { orgId, userId: member.userId, ...(reason ? { reason } : {}) });
      showToast(`${member.name || member.email} was removed from ${settings.company}.`);
      removing.hide();
      table.reload();
    } catch (failure) {
      // The refusal (the last admin, say) is shown on the page as the server says it.
      removing.hide();
      showError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumn<AdminMember>[] = [
    {
      title: 'Name',
      param: 'name',
      sort: true,
      render: (member) => (
        <span className="admin-person">
          <span>
            {member.name || member.email}
            {member.you ? <span className="admin-badge">You</span> : null}
            {member.verified ? null : <span className="admin-badge admin-badge-warning">Unverified</span>}
          </span>
          {member.name ? <span className="muted">{member.email}</span> : null}
        </span>
      ),
    },
    { title: 'Role', param: 'role', sort: true, render: (member) => ROLE_LABELS[member.role] },
    {
      title: 'Product access',
      param: 'productAccess',
      render: (member) => {
        const products = openedProducts(member, plan);
        if (member.role === 'admin') return <Tag title="Every product of the plan" />;
        return products.length ? (
          <span className="admin-tags">
            {products.map((product) => (
              <Tag key={product} title={product} />
            ))}
          </span>
        ) : (
          <span className="muted">None</span>
        );
      },
    },
    { title: 'Second factor', param: 'secondFactor', render: (member) => secondFactorLabel(member.secondFactor) },
    {
      title: 'Last sign-in',
      param: 'lastSignInAt',
      sort: true,
      render: (member) => (member.lastSignInAt ? <time dateTime={member.lastSignInAt}>{formatTime(member.lastSignInAt)}</time> : <span className="muted">Never</span>),
    },
    {
      title: 'Actions',
      param: 'actions',
      render: (member) => {
        const who = member.name || member.email;
        return (
          <span className="admin-row-actions">
            <Button variant="secondary" className="button-compact" aria-label={`Change role and access of ${who}`} onClick={() => editing.show(member)}>
              Change
            </Button>
            {member.verified ? null : (
              <Button variant="secondary" className="button-compact" aria-label={`Resend verification mail to ${member.email}`} onClick={() => void resend(member)}>
                Resend verification
              </Button>
            )}
            <Button variant="secondary" className="button-compact button-danger" aria-label={`Remove ${who}`} onClick={() => removing.show(member)}>
              Remove
            </Button>
          </span>
        );
      },
    },
  ];

  return (
    <>
      <div className="admin-toolbar">
        <SearchInput id="member-search" label="Search members" placeholder="Name or email" onSearch={table.setSearch} />
        <SelectField
          id="member-role-filter"
          label="Role"
          options={ROLE_FILTER}
          value={role}
          onChange={(event) => {
            setRole(event.target.value as Role | '');
            table.setPage({ page: 1, pageSize: table.request.pageSize });
          }}
        />
      </div>
      <AlertMessage message={error ?? table.error} />
      <DataTable
        caption={`Members of ${settings.company}`}
        columns={columns}
        rows={table.reply?.list ?? []}
        rowKey={(member) => member.userId}
        total={table.reply?.total ?? 0}
        loading={table.loading}
        sort={table.request.sort}
        onSortChange={table.setSort}
        page={table.request.page}
        pageSize={table.request.pageSize}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        onPageChange={table.setPage}
      />
      {editing.subject ? (
        <MemberDialog
          key={`editing-${editing.key}`}
          open={editing.open}
          orgId={orgId}
          member={editing.subject}
          plan={plan}
          onClose={editing.hide}
          onSaved={(member) => {
            showToast(`Saved the role and product access of ${member.name || member.email}.`);
            editing.hide();
            table.reload();
          }}
        />
      ) : null}
      {removing.subject ? (
        <RemoveMemberDialog
          key={`removing-${removing.key}`}
          open={removing.open}
          member={removing.subject}
          company={settings.company}
          busy={busy}
          onConfirm={(reason) => removing.subject && void remove(removing.subject, reason)}
          onCancel={removing.hide}
        />
      ) : null}
    </>
  );
}
