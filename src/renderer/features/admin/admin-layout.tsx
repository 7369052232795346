import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogoutButton } from '../../session/logout-button';
import { useSessionStore } from '../../session/session-store';
import { t, useT, type MessageId } from '../../i18n/screens';
import { AreaLayout } from '../../ui/area-layout';
import { ACCOUNT_PATHS } from '../account/account-paths';
import { useAdminOrganizations } from '../account/use-admin-organizations';
import { ADMIN_ROOT, ADMIN_SECTIONS, adminPath, type AdminSection } from './admin-paths';
import './admin.css';

const SECTION_TITLE_IDS: Record<AdminSection, MessageId> = {
  members: 'admin.nav.members',
  invitations: 'admin.nav.invitations',
  security: 'admin.nav.security',
  'sign-in': 'admin.nav.signIn',
  branding: 'admin.nav.branding',
  apps: 'admin.nav.apps',
};

/** A section's name in the language shown, in the navigation and as its heading. */
export const sectionTitle = (section: AdminSection): string => t(SECTION_TITLE_IDS[section]);

interface AdminLayoutProps {
  /** The organization the page is about; absent on the picker (no section navigation then). */
  orgId?: string;
  /** Its name, once known: in the header and the document title. */
  company?: string | null;
  /** The page's heading and the first part of the document title. */
  title: string;
  /** A line under the heading. */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The admin console's page: a header (the organization, who is signed in, back to the workspace, switch organization,
 * Logout), the sections of the organization, and the section under its heading. Sets the document title:
 * "Members · Acme Corporation · Admin console · Suite Portal".
 */
export function AdminLayout({ orgId, company, title, intro, children }: AdminLayoutProps) {
  const t = useT();
  const consoleName = t('admin.console.name');
  const email = useSessionStore((session) => session.email);
  const admin = useAdminOrganizations();
  const several = admin.status === 'ready' && admin.list.length > 1;
  const sections = orgId
    ? [
        ...ADMIN_SECTIONS.map((section) => ({ to: adminPath(orgId, section), label: sectionTitle(section) })),
        { to: ACCOUNT_PATHS.organizationAudit, label: t('admin.nav.organizationAudit'), state: { orgId } },
      ]
    : null;
  return (
    <AreaLayout
      className="admin-page"
      area={consoleName}
      about={company}
      headerLabel={consoleName}
      signedInAs={email}
      actions={
        <>
          {orgId && several ? <Link to={ADMIN_ROOT}>{t('admin.console.switchOrganization')}</Link> : null}
          <Link to="/workspace">{t('admin.console.backToWorkspace')}</Link>
          <LogoutButton />
        </>
      }
      nav={sections ? { label: company ? t('admin.nav.labelOf', { company }) : t('admin.nav.label'), sections } : null}
      title={title}
      documentTitle={[title, company, title === consoleName ? null : consoleName, 'Suite Portal'].filter(Boolean).join(' · ')}
      intro={intro}
    >
      {children}
    </AreaLayout>
  );
}
