import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogoutButton } from '../../session/logout-button';
import { useSessionStore } from '../../session/session-store';
import { AreaLayout } from '../../ui/area-layout';
import { ACCOUNT_PATHS } from './account-paths';
import { useAdminOrganizations } from './use-admin-organizations';
import './account.css';

const SECTIONS = [
  { to: ACCOUNT_PATHS.sessions, label: 'Sessions and devices' },
  { to: ACCOUNT_PATHS.history, label: 'Sign-in history' },
  { to: ACCOUNT_PATHS.secondFactor, label: 'Second factor' },
  { to: ACCOUNT_PATHS.connectedApps, label: 'Connected apps' },
  { to: ACCOUNT_PATHS.passkeys, label: 'Passkeys' },
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
  const sections = isAdmin ? [...SECTIONS, { to: ACCOUNT_PATHS.organizationAudit, label: 'Organization audit' }] : SECTIONS;
  return (
    <AreaLayout
      area="Security"
      headerLabel="Your account"
      signedInAs={email}
      actions={
        <>
          <Link to="/workspace">Back to workspace</Link>
          <LogoutButton />
        </>
      }
      nav={{ label: 'Security center', sections }}
      title={title}
      documentTitle={`${title} · Security · Suite Portal`}
      intro={intro}
    >
      {children}
    </AreaLayout>
  );
}
