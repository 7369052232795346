import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { LogoutButton } from '../../session/logout-button';
import { useSessionStore } from '../../session/session-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ACCOUNT_PATHS } from './account-paths';
import { useAdminOrganizations } from './use-admin-organizations';
import './account.css';

const SECTIONS = [
  { to: ACCOUNT_PATHS.sessions, label: 'Sessions and devices' },
  { to: ACCOUNT_PATHS.history, label: 'Sign-in history' },
  { to: ACCOUNT_PATHS.secondFactor, label: 'Second factor' },
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
  const email = useSessionStore((session) => session.email);
  const admin = useAdminOrganizations();
  const isAdmin = admin.status === 'ready' && admin.list.length > 0;

  useDocumentTitle(`${title} · Security · Suite Portal`);

  return (
    <div className="account-page">
      <a className="skip-link" href="#account-main">
        Skip to content
      </a>
      {/* A named region, not a <header>: the app's header above (the menu) is the page's one banner landmark. */}
      <section className="account-header" aria-label="Your account">
        <p className="account-brand">
          Suite Portal <span className="account-brand-area">Security</span>
        </p>
        <div className="account-header-actions">
          {email ? <p className="account-signed-in">Signed in as {email}</p> : null}
          <Link to="/workspace">Back to workspace</Link>
          <LogoutButton />
        </div>
      </section>
      <div className="account-body">
        <nav className="account-nav" aria-label="Security center">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to}>{section.label}</NavLink>
              </li>
            ))}
            {isAdmin ? (
              <li>
                <NavLink to={ACCOUNT_PATHS.organizationAudit}>Organization audit</NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
        <main id="account-main" className="account-main" tabIndex={-1}>
          <h1>{title}</h1>
          {intro ? <p className="account-intro">{intro}</p> : null}
          {children}
        </main>
      </div>
    </div>
  );
}
