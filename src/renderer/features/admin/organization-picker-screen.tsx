import { Link, Navigate } from 'react-router-dom';
import { useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Avatar } from '../../ui/avatar';
import { LoadingScreen } from '../../ui/spinner';
import { useAdminOrganizations } from '../account/use-admin-organizations';
import { AdminLayout } from './admin-layout';
import { adminPath } from './admin-paths';
import { imageUrl } from './upload-image';

/** /admin: the organizations the user administers (and can reach from here); with only one, straight to it. */
export function OrganizationPickerScreen() {
  const t = useT();
  const admin = useAdminOrganizations();
  if (admin.status === 'ready' && admin.list.length === 1) return <Navigate to={adminPath(admin.list[0]!.orgId)} replace />;
  return (
    <AdminLayout title={t('admin.console.name')} intro={admin.status === 'ready' && admin.list.length > 1 ? t('admin.console.choose') : undefined}>
      {admin.status === 'loading' ? <LoadingScreen label={t('admin.console.loadingOrganizations')} /> : null}
      {admin.status === 'failed' ? <AlertMessage message={admin.message} /> : null}
      {admin.status === 'ready' && admin.list.length === 0 ? (
        <p>{t('admin.console.noOrganization')}</p>
      ) : null}
      {admin.status === 'ready' && admin.list.length > 1 ? (
        <ul className="admin-org-list" aria-label={t('admin.console.organizationsLabel')}>
          {admin.list.map((org) => (
            <li key={org.orgId}>
              <Link className="admin-org-link" to={adminPath(org.orgId)}>
                {/* The link is named by the company name; the logo repeats it. */}
                <Avatar name="" image={imageUrl(org.logoURL)} />
                <span>{org.company}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </AdminLayout>
  );
}
