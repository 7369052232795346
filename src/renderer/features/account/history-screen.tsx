import type { AuditEntry } from '../../../shared/protocol/security-schemas';
import { call } from '../../api';
import { useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { AccountLayout } from './account-layout';
import { auditColumns, AuditTable } from './audit-table';
import { AuditFilters } from './audit-filters';
import { useAuditPage, type AuditRequest } from './use-audit-page';

const fetchHistory = ({ page, pageSize, sort, filter }: AuditRequest) => call('getSignInHistory', { page, pageSize, filter, ...(sort ? { sort } : {}) });

/** /account/history: the user's own sign-ins, failures, locks, and password and second-factor changes. */
export function HistoryScreen() {
  const t = useT();
  const audit = useAuditPage(fetchHistory);
  const { state, setFilter } = audit;
  return (
    <AccountLayout title={t('account.historyTitle')} intro={t('account.historyIntro')}>
      <AuditFilters idPrefix="history" searchPlaceholder={t('account.historySearchPlaceholder')} onChange={setFilter} />
      <AlertMessage message={state.status === 'failed' ? state.message : null} />
      <AuditTable caption={t('account.historyTitle')} columns={auditColumns<AuditEntry>()} audit={audit} />
    </AccountLayout>
  );
}
