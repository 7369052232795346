import { stringify } from 'csv-stringify/sync';
import { AUDIT_KIND_LABELS } from '../../shared/audit-labels';
import type { MemberAuditEntry } from '../../shared/protocol/security-schemas';

const COLUMNS = ['Time (UTC)', 'Member', 'Email', 'Event', 'Detail', 'By', 'Address', 'Device', 'Platform'];

/**
 * An organization's audit as CSV (RFC 4180, through csv-stringify): a header row, then one row per event. Cells a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) are prefixed with a quote (`escape_formulas`),
 * since names and user agents are typed by others. A BOM makes spreadsheet programs read it as UTF-8.
 */
export function auditCsv(rows: readonly MemberAuditEntry[]): string {
  return `\uFEFF${stringify(
    rows.map((row) => [row.at, row.member.name, row.member.email, AUDIT_KIND_LABELS[row.kind], row.detail ?? '', row.actor ?? '', row.ip ?? '', row.device ?? '', row.platform ?? '']),
    { header: true, columns: COLUMNS, escape_formulas: true, record_delimiter: 'windows' },
  )}`;
}

/** `audit-{orgId}-{yyyy-mm-dd}.csv`, the day in UTC. */
export const auditFileName = (orgId: string, now: Date) => `audit-${orgId}-${now.toISOString().slice(0, 10)}.csv`;
