import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { LogoutButton } from '../../session/logout-button';
import { useSessionStore } from '../../session/session-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ACCOUNT_PATHS } from '../account/account-paths';
import { useAdminOrganizations } from '../account/use-admin-organizations';
import { ADMIN_ROOT, ADMIN_SECTIONS, adminPath, type AdminSection } from './admin-paths';
import './admin.css';

/** The sections' names, in the navigation and as their headings. */
export const SECTION_TITLES: Record<AdminSection, string> = {
  members: 'Members',
  invitations: 'Invitations',
  security: 'Security policy',
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
  useDocumentTitle([title, company, title === 'Admin console' ? null : 'Admin console', 'Suite Portal'].filter(Boolean).join(' · '));

  return (
    <div className="admin-page">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      {/* A named region, not a <header>: the app's header above (the menu) is the page's one banner landmark. */}
      <section className="admin-header" aria-label="Admin console">
        <p className="admin-brand">
          Suite Portal <span className="admin-brand-area">Admin console</span>
          {company ? <span className="admin-company">{company}</span> : null}
        </p>
        <div className="admin-header-actions">
          {email ? <p className="admin-signed-in">Signed in as {email}</p> : null}
          {orgId && several ? <Link to={ADMIN_ROOT}>Switch organization</Link> : null}
          <Link to="/workspace">Back to workspace</Link>
          <LogoutButton />
        </div>
      </section>
      <div className={orgId ? 'admin-body' : 'admin-body admin-body-single'}>
        {orgId ? (
          <nav className="admin-nav" aria-label={company ? `${company} administration` : 'Administration'}>
            <ul>
              {ADMIN_SECTIONS.map((section) => (
                <li key={section}>
                  <NavLink to={adminPath(orgId, section)}>{SECTION_TITLES[section]}</NavLink>
                </li>
              ))}
              <li>
                <Link to={ACCOUNT_PATHS.organizationAudit} state={{ orgId }}>
                  Organization audit
                </Link>
              </li>
            </ul>
          </nav>
        ) : null}
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          <h1>{title}</h1>
          {intro ? <p className="admin-intro">{intro}</p> : null}
          {children}
        </main>
      </div>
    </div>
  );
}
