import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { AuditFilter, MemberAuditEntry } from '../../../shared/protocol/security-schemas';
import { call, errorMessage } from '../../api';
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

const COLUMNS = memberAuditColumns();
const TITLE = 'Organization audit';

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
  const admin = useAdminOrganizations();
  if (admin.status === 'loading') {
    return (
      <AccountLayout title={TITLE}>
        <LoadingScreen label="Loading your organizations…" />
      </AccountLayout>
    );
  }
  if (admin.status === 'failed') {
    return (
      <AccountLayout title={TITLE}>
        <AlertMessage message={admin.message} />
      </AccountLayout>
    );
  }
  if (admin.list.length === 0) {
    return (
      <AccountLayout title={TITLE}>
        <p>Only an administrator of an organization can see its audit, and you administer none that you can reach from here.</p>
      </AccountLayout>
    );
  }
  return <OrganizationAudit organizations={admin.list.map(({ orgId, company }) => ({ value: orgId, label: company }))} />;
}

function OrganizationAudit({ organizations }: { organizations: { value: string; label: string }[] }) {
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
      showToast(exported.truncated ? `Exported the newest ${exported.rows} events; narrow the filter for older ones.` : `Exported ${exported.rows === 1 ? '1 event' : `${exported.rows} events`}.`);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setExporting(false);
    }
  };

  return (
    <AccountLayout title={TITLE} intro="Sign-ins, failures, locks, and password and second-factor changes of the members of an organization you administer since they joined it, and every change made in its administration, with who made it.">
      <div className="account-toolbar">
        <SelectField id="audit-organization" label="Organization" options={organizations} value={orgId} onChange={(event) => setOrgId(event.target.value)} />
        <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </div>
      <AuditFilters
        idPrefix="org-audit"
        searchPlaceholder="Member, address, device or detail"
        onChange={(next) => {
          setFilterState(next);
          setFilter(next);
        }}
      />
      <AlertMessage message={error ?? (state.status === 'failed' ? state.message : null)} />
      <AuditTable caption={`${company} audit`} columns={COLUMNS} audit={audit} />
    </AccountLayout>
  );
}
