import { useCallback, useState } from 'react';
import { PAGE_SIZE_OPTIONS } from '../../../shared/limits';
import type { Role } from '../../../shared/products';
import type { AdminMember } from '../../../shared/protocol/admin-schemas';
import { call, errorMessage } from '../../api';
import { ltr, useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { SearchInput } from '../../ui/search-input';
import { SelectField } from '../../ui/select-field';
import { DataTable } from '../../ui/table/data-table';
import type { TableColumn } from '../../ui/table/table-state';
import { Tag } from '../../ui/tag';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import type { SectionProps } from './admin-console';
import { formatDateTime, openedProducts, ROLE_LABELS, ROLE_OPTIONS, secondFactorLabel } from './admin-format';
import { MemberDialog } from './member-dialog';
import { RemoveMemberDialog } from './remove-member-dialog';
import { useDialog } from './use-dialog';
import { useServerTable, type TableRequest } from './use-server-table';

/** /admin/{orgId}/members: the members and clients (server-paged, searched, sorted), their role and access, removal. */
export function MembersSection({ orgId, settings }: SectionProps) {
  const t = useT();
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
      showToast(t('admin.members.verificationSent', { email: ltr(member.email) }));
    } catch (failure) {
      showError(errorMessage(failure));
    }
  };

  const remove = async (member: AdminMember, reason: string | undefined) => {
    setBusy(true);
    try {
      await call('removeOrganizationMember', { orgId, userId: member.userId, ...(reason ? { reason } : {}) });
      showToast(t('admin.members.removed', { who: member.name || ltr(member.email), company: settings.company }));
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
      title: t('admin.members.name'),
      param: 'name',
      sort: true,
      render: (member) => (
        <span className="admin-person">
          <span>
            {member.name || member.email}
            {member.you ? <span className="admin-badge">{t('admin.members.you')}</span> : null}
            {member.verified ? null : <span className="admin-badge admin-badge-warning">{t('admin.members.unverified')}</span>}
          </span>
          {member.name ? <span className="muted">{member.email}</span> : null}
        </span>
      ),
    },
    { title: t('admin.members.role'), param: 'role', sort: true, render: (member) => ROLE_LABELS[member.role] },
    {
      title: t('admin.products.access'),
      param: 'productAccess',
      render: (member) => {
        const products = openedProducts(member, plan);
        if (member.role === 'admin') return <Tag title={t('admin.products.everyProduct')} />;
        return products.length ? (
          <span className="admin-tags">
            {products.map((product) => (
              <Tag key={product} title={product} />
            ))}
          </span>
        ) : (
          <span className="muted">{t('admin.products.none')}</span>
        );
      },
    },
    { title: t('admin.members.secondFactor'), param: 'secondFactor', render: (member) => secondFactorLabel(member.secondFactor) },
    {
      title: t('admin.members.lastSignIn'),
      param: 'lastSignInAt',
      sort: true,
      render: (member) => (member.lastSignInAt ? <time dateTime={member.lastSignInAt}>{formatDateTime(member.lastSignInAt)}</time> : <span className="muted">{t('admin.members.never')}</span>),
    },
    {
      title: t('admin.members.actions'),
      param: 'actions',
      render: (member) => {
        const who = member.name || ltr(member.email);
        return (
          <span className="admin-row-actions">
            <Button variant="secondary" className="button-compact" aria-label={t('admin.members.changeOf', { who })} onClick={() => editing.show(member)}>
              {t('admin.members.change')}
            </Button>
            {member.verified ? null : (
              <Button variant="secondary" className="button-compact" aria-label={t('admin.members.resendVerificationTo', { email: ltr(member.email) })} onClick={() => void resend(member)}>
                {t('admin.members.resendVerification')}
              </Button>
            )}
            <Button variant="secondary" className="button-compact button-danger" aria-label={t('admin.members.removeWho', { who })} onClick={() => removing.show(member)}>
              {t('admin.members.remove')}
            </Button>
          </span>
        );
      },
    },
  ];

  return (
    <>
      <div className="admin-toolbar">
        <SearchInput id="member-search" label={t('admin.members.search')} placeholder={t('admin.members.searchPlaceholder')} onSearch={table.setSearch} />
        <SelectField
          id="member-role-filter"
          label={t('admin.members.role')}
          options={[{ value: '', label: t('admin.members.allRoles') }, ...ROLE_OPTIONS]}
          value={role}
          onChange={(event) => {
            setRole(event.target.value as Role | '');
            table.setPage({ page: 1, pageSize: table.request.pageSize });
          }}
        />
      </div>
      <AlertMessage message={error ?? table.error} />
      <DataTable
        caption={t('admin.members.caption', { company: settings.company })}
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
            showToast(t('admin.members.saved', { who: member.name || ltr(member.email) }));
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
