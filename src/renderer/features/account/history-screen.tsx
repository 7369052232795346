import type { AuditEntry } from '../../../shared/protocol/security-schemas';
import { call } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { AccountLayout } from './account-layout';
import { auditColumns, AuditTable } from './audit-table';
import { AuditFilters } from './audit-filters';
import { useAuditPage, type AuditRequest } from './use-audit-page';

const COLUMNS = auditColumns<AuditEntry>();

const fetchHistory = ({ page, pageSize, sort, filter }: AuditRequest) => call('getSignInHistory', { page, pageSize, filter, ...(sort ? { sort } : {}) });

/** /account/history: the user's own sign-ins, failures, locks, and password and second-factor changes. */
export function HistoryScreen() {
  const audit = useAuditPage(fetchHistory);
  const { state, setFilter } = audit;
  return (
    <AccountLayout title="Sign-in history" intro="Every sign-in to your account, every failed attempt and lock, and every change to your password or second factor.">
      <AuditFilters idPrefix="history" searchPlaceholder="Address, device or detail" onChange={setFilter} />
      <AlertMessage message={state.status === 'failed' ? state.message : null} />
      <AuditTable caption="Sign-in history" columns={COLUMNS} audit={audit} />
    </AccountLayout>
  );
}
