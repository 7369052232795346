import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogoutButton } from '../../session/logout-button';
import { useSessionStore } from '../../session/session-store';
import { useT } from '../../i18n/screens';
import { AreaLayout } from '../../ui/area-layout';
import { ACCOUNT_PATHS } from './account-paths';
import { useAdminOrganizations } from './use-admin-organizations';
import './account.css';

const SECTIONS = [
  { to: ACCOUNT_PATHS.sessions, label: 'account.sessionsTitle' },
  { to: ACCOUNT_PATHS.history, label: 'account.historyTitle' },
  { to: ACCOUNT_PATHS.secondFactor, label: 'account.secondFactorTitle' },
  { to: ACCOUNT_PATHS.connectedApps, label: 'account.connectedAppsTitle' },
  { to: ACCOUNT_PATHS.passkeys, label: 'account.passkeysTitle' },
] as const;

interface AccountLayoutProps {
  /** The page's heading and the first part of the document title. */
  title: string;
  /** A line under the heading. */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The security center's page: a header (back to the workspace, who is signed in, Logout), the section navigation
 * (Organization audit only for admins), and the section itself under its heading. Sets the document title.
 */
export function AccountLayout({ title, intro, children }: AccountLayoutProps) {
  const t = useT();
  const email = useSessionStore((session) => session.email);
  const admin = useAdminOrganizations();
  const isAdmin = admin.status === 'ready' && admin.list.length > 0;
  const sections = (isAdmin ? [...SECTIONS, { to: ACCOUNT_PATHS.organizationAudit, label: 'account.orgAuditTitle' } as const] : SECTIONS).map((section) => ({
    to: section.to,
    label: t(section.label),
  }));
  return (
    <AreaLayout
      area={t('account.area')}
      headerLabel={t('account.headerLabel')}
      signedInAs={email}
      actions={
        <>
          <Link to="/workspace">{t('account.backToWorkspace')}</Link>
          <LogoutButton />
        </>
      }
      nav={{ label: t('account.navLabel'), sections }}
      title={title}
      documentTitle={t('account.documentTitle', { section: title })}
      intro={intro}
    >
      {children}
    </AreaLayout>
  );
}
