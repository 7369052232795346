import type { AuditEntry, MemberAuditEntry } from '../../../shared/protocol/security-schemas';
import { t } from '../../i18n/screens';
import { DataTable } from '../../ui/table/data-table';
import type { TableColumn } from '../../ui/table/table-state';
import type { useAuditPage } from './use-audit-page';
import { auditKindLabel, formatTime, isWarningKind } from './account-format';

/**
 * The columns every audit table shows: time, event, detail, address, device; in the language shown when called (the
 * screens call it as they render). The detail and the device are the server's record, kept as they were written.
 */
export function auditColumns<Row extends AuditEntry>(): TableColumn<Row>[] {
  return [
    { title: t('account.colTime'), param: 'at', sort: true, render: (row) => <time dateTime={row.at}>{formatTime(row.at)}</time> },
    {
      title: t('account.colEvent'),
      param: 'kind',
      sort: true,
      render: (row) => <span className={isWarningKind(row.kind) ? 'audit-kind audit-kind-warning' : 'audit-kind'}>{auditKindLabel(row.kind)}</span>,
    },
    { title: t('account.colDetail'), param: 'detail', render: (row) => (row.detail ? <span lang="en">{row.detail}</span> : '') },
    { title: t('account.colAddress'), param: 'ip', sort: true, render: (row) => row.ip ?? t('account.unknown') },
    { title: t('account.colDevice'), param: 'device', render: (row) => (row.device ? <span lang="en">{row.device}</span> : t('account.unknown')) },
  ];
}

/** An organization's audit: whose event it is, after the time, and who made an administrator's change. */
export function memberAuditColumns(): TableColumn<MemberAuditEntry>[] {
  const [time, ...rest] = auditColumns<MemberAuditEntry>();
  return [
    time!,
    {
      title: t('account.colMember'),
      param: 'member',
      sort: true,
      render: (row) => (
        <span className="audit-member">
          {row.member.name}
          <span className="muted">{row.member.email}</span>
        </span>
      ),
    },
    {
      title: t('account.colBy'),
      param: 'actor',
      tooltip: t('account.colByHint'),
      render: (row) => (row.actor ? <span className="audit-member">{row.actor}</span> : <span className="muted">{t('account.theMember')}</span>),
    },
    ...rest,
  ];
}

/** A server-paged audit table over what `useAuditPage` holds: skeleton, rows or 'No data to display', sort and pages. */
export function AuditTable<Row extends AuditEntry>({ caption, columns, audit }: { caption: string; columns: TableColumn<Row>[]; audit: ReturnType<typeof useAuditPage<Row>> }) {
  const { request, state, setPage, setSort } = audit;
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={state.rows}
      rowKey={(row) => row.id}
      total={state.total}
      loading={state.status === 'loading'}
      sort={request.sort}
      onSortChange={setSort}
      page={request.page}
      pageSize={request.pageSize}
      onPageChange={setPage}
    />
  );
}
