import type { ComponentType } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { ADMIN_EVENTS } from '../../../shared/protocol/admin-events';
import type { OrganizationSettings } from '../../../shared/protocol/admin-schemas';
import { extendContract } from '../../api';
import { tEnglish, useT, type MessageId } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { LoadingScreen } from '../../ui/spinner';
import { AdminLayout, sectionTitle } from './admin-layout';
import { ADMIN_ROOT, adminPath, parseAdminPath, type AdminSection } from './admin-paths';
import { AppsSection } from './apps-section';
import { BrandingSection } from './branding-section';
import { InvitationsSection } from './invitations-section';
import { MembersSection } from './members-section';
import { OrganizationPickerScreen } from './organization-picker-screen';
import { SecuritySection } from './security-section';
import { SignInSection } from './sign-in-section';
import { useOrganizationSettings } from './use-organization-settings';

// The console's events come with its chunk, not with /login's.
extendContract(ADMIN_EVENTS);

/** What every section is given: the organization's settings (name, plan, policy) and a way to replace them after a change. */
export interface SectionProps {
  orgId: string;
  settings: OrganizationSettings;
  onSettingsChange: (settings: OrganizationSettings) => void;
}

const SECTIONS: Record<AdminSection, { screen: ComponentType<SectionProps>; intro: MessageId }> = {
  members: { screen: MembersSection, intro: 'admin.console.introMembers' },
  invitations: { screen: InvitationsSection, intro: 'admin.console.introInvitations' },
  security: { screen: SecuritySection, intro: 'admin.console.introSecurity' },
  'sign-in': { screen: SignInSection, intro: 'admin.console.introSignIn' },
  branding: { screen: BrandingSection, intro: 'admin.console.introBranding' },
  apps: { screen: AppsSection, intro: 'admin.console.introApps' },
};

/**
 * /admin/*: the organization admin console, loaded as one lazy chunk when it is first opened (the default export, for
 * React.lazy); the route table's guard has already made sure of the session. A plain reading of the path, as the
 * security center does, rather than nested <Routes>. /admin is the picker; /admin/{orgId}, or an unknown section,
 * opens the members.
 */
export default function AdminConsole() {
  const { pathname } = useLocation();
  const where = parseAdminPath(pathname);
  if (where.kind === 'picker') return <OrganizationPickerScreen />;
  if (!where.section) return <Navigate to={adminPath(where.orgId)} replace />;
  return <OrganizationConsole orgId={where.orgId} section={where.section} />;
}

/** One organization's console: its settings first (the server's refusal when the caller is not its admin), then the section. */
function OrganizationConsole({ orgId, section }: { orgId: string; section: AdminSection }) {
  const t = useT();
  const { state, replace, retry } = useOrganizationSettings(orgId);
  const title = sectionTitle(section);

  if (state.status === 'refused') {
    return (
      <AdminLayout title={t('admin.console.notAdmin')}>
        <p role="alert">{tEnglish(state.message)}</p>
        <p>
          <Link to={ADMIN_ROOT}>{t('admin.console.yourOrganizations')}</Link> · <Link to="/workspace">{t('admin.console.backToWorkspace')}</Link>
        </p>
      </AdminLayout>
    );
  }
  if (state.status !== 'ready') {
    return (
      <AdminLayout orgId={orgId} title={title}>
        {state.status === 'loading' ? <LoadingScreen label={t('admin.console.loadingOrganization')} /> : null}
        {state.status === 'failed' ? (
          <>
            <AlertMessage message={state.message} />
            <div className="actions actions-start">
              <Button onClick={retry}>{t('admin.console.tryAgain')}</Button>
            </div>
          </>
        ) : null}
      </AdminLayout>
    );
  }
  const { screen: Section, intro } = SECTIONS[section];
  return (
    <AdminLayout orgId={orgId} company={state.settings.company} title={title} intro={t(intro)}>
      <Section key={`${orgId}-${section}`} orgId={orgId} settings={state.settings} onSettingsChange={replace} />
    </AdminLayout>
  );
}
