import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { AuditFilter, MemberAuditEntry } from '../../../shared/protocol/security-schemas';
import { call, errorMessage } from '../../api';
import { useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { LoadingScreen } from '../../ui/spinner';
import { showToast } from '../../ui/toast';
import { useTimedMessage } from '../../ui/use-timed-message';
import { AccountLayout } from './account-layout';
import { AuditTable, memberAuditColumns } from './audit-table';
import { AuditFilters } from './audit-filters';
import { useAdminOrganizations } from './use-admin-organizations';
import { useAuditPage, type AuditRequest } from './use-audit-page';


/** Saves text as a file through a temporary object URL (the export can be a few megabytes). */
function saveFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** /account/organization-audit: the events of an administered organization's members, filtered, paged, exported as CSV. */
export function OrganizationAuditScreen() {
  const t = useT();
  const admin = useAdminOrganizations();
  const title = t('account.orgAuditTitle');
  if (admin.status === 'loading') {
    return (
      <AccountLayout title={title}>
        <LoadingScreen label={t('account.loadingOrganizations')} />
      </AccountLayout>
    );
  }
  if (admin.status === 'failed') {
    return (
      <AccountLayout title={title}>
        <AlertMessage message={admin.message} />
      </AccountLayout>
    );
  }
  if (admin.list.length === 0) {
    return (
      <AccountLayout title={title}>
        <p>{t('account.notAdministrator')}</p>
      </AccountLayout>
    );
  }
  return <OrganizationAudit organizations={admin.list.map(({ orgId, company }) => ({ value: orgId, label: company }))} />;
}

function OrganizationAudit({ organizations }: { organizations: { value: string; label: string }[] }) {
  const t = useT();
  // The admin console links here with the organization it shows (router state), when the user administers it.
  const asked = (useLocation().state as { orgId?: unknown } | null)?.orgId;
  const [orgId, setOrgId] = useState(organizations.find((org) => org.value === asked)?.value ?? organizations[0]!.value);
  const [filter, setFilterState] = useState<AuditFilter>({});
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useTimedMessage();
  const fetchPage = useCallback(
    ({ page, pageSize, sort, filter: current }: AuditRequest) => call('getOrganizationAudit', { orgId, page, pageSize, filter: current, ...(sort ? { sort } : {}) }),
    [orgId],
  );
  const audit = useAuditPage<MemberAuditEntry>(fetchPage);
  const { state, setFilter } = audit;
  const company = organizations.find((org) => org.value === orgId)?.label ?? orgId;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const exported = await call('exportOrganizationAudit', { orgId, filter });
      saveFile(exported.fileName, exported.csv);
      showToast(exported.truncated ? t('account.exportedNewest', { count: exported.rows }) : t('account.exported', { count: exported.rows }));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setExporting(false);
    }
  };

  return (
    <AccountLayout title={t('account.orgAuditTitle')} intro={t('account.orgAuditIntro')}>
      <div className="account-toolbar">
        <SelectField id="audit-organization" label={t('account.organization')} options={organizations} value={orgId} onChange={(event) => setOrgId(event.target.value)} />
        <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
          {t('account.exportCsv')}
        </Button>
      </div>
      <AuditFilters
        idPrefix="org-audit"
        searchPlaceholder={t('account.orgAuditSearchPlaceholder')}
        onChange={(next) => {
          setFilterState(next);
          setFilter(next);
        }}
      />
      <AlertMessage message={error ?? (state.status === 'failed' ? state.message : null)} />
      <AuditTable caption={t('account.auditCaption', { company })} columns={memberAuditColumns()} audit={audit} />
    </AccountLayout>
  );
}
