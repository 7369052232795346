import type { AuditEntry, MemberAuditEntry } from '../../../shared/protocol/security-schemas';
import { DataTable } from '../../ui/table/data-table';
import type { TableColumn } from '../../ui/table/table-state';
import type { useAuditPage } from './use-audit-page';
import { auditKindLabel, formatTime, isWarningKind } from './account-format';

/** The columns every audit table shows: time, event, detail, address, device. */
export function auditColumns<Row extends AuditEntry>(): TableColumn<Row>[] {
  return [
    { title: 'Time', param: 'at', sort: true, render: (row) => <time dateTime={row.at}>{formatTime(row.at)}</time> },
    {
      title: 'Event',
      param: 'kind',
      sort: true,
      render: (row) => <span className={isWarningKind(row.kind) ? 'audit-kind audit-kind-warning' : 'audit-kind'}>{auditKindLabel(row.kind)}</span>,
    },
    { title: 'Detail', param: 'detail', render: (row) => row.detail ?? '' },
    { title: 'Address', param: 'ip', sort: true, render: (row) => row.ip ?? 'Unknown' },
    { title: 'Device', param: 'device', render: (row) => row.device ?? 'Unknown' },
  ];
}

/** An organization's audit: whose event it is, after the time, and who made an administrator's change. */
export function memberAuditColumns(): TableColumn<MemberAuditEntry>[] {
  const [time, ...rest] = auditColumns<MemberAuditEntry>();
  return [
    time!,
    {
      title: 'Member',
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
      title: 'By',
      param: 'actor',
      tooltip: 'Who made the change: an administrator, or an app through the admin API. The member’s own events name nobody.',
      render: (row) => (row.actor ? <span className="audit-member">{row.actor}</span> : <span className="muted">The member</span>),
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
