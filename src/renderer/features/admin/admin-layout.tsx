import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogoutButton } from '../../session/logout-button';
import { useSessionStore } from '../../session/session-store';
import { AreaLayout } from '../../ui/area-layout';
import { ACCOUNT_PATHS } from '../account/account-paths';
import { useAdminOrganizations } from '../account/use-admin-organizations';
import { ADMIN_ROOT, ADMIN_SECTIONS, adminPath, type AdminSection } from './admin-paths';
import './admin.css';

/** The sections' names, in the navigation and as their headings. */
export const SECTION_TITLES: Record<AdminSection, string> = {
  members: 'Members',
  invitations: 'Invitations',
  security: 'Security policy',
  'sign-in': 'Sign-in',
  branding: 'Branding',
  apps: 'Apps',
};

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
  const email = useSessionStore((session) => session.email);
  const admin = useAdminOrganizations();
  const several = admin.status === 'ready' && admin.list.length > 1;
  const sections = orgId
    ? [
        ...ADMIN_SECTIONS.map((section) => ({ to: adminPath(orgId, section), label: SECTION_TITLES[section] })),
        { to: ACCOUNT_PATHS.organizationAudit, label: 'Organization audit', state: { orgId } },
      ]
    : null;
  return (
    <AreaLayout
      className="admin-page"
      area="Admin console"
      about={company}
      headerLabel="Admin console"
      signedInAs={email}
      actions={
        <>
          {orgId && several ? <Link to={ADMIN_ROOT}>Switch organization</Link> : null}
          <Link to="/workspace">Back to workspace</Link>
          <LogoutButton />
        </>
      }
      nav={sections ? { label: company ? `${company} administration` : 'Administration', sections } : null}
      title={title}
      documentTitle={[title, company, title === 'Admin console' ? null : 'Admin console', 'Suite Portal'].filter(Boolean).join(' · ')}
      intro={intro}
    >
      {children}
    </AreaLayout>
  );
}
