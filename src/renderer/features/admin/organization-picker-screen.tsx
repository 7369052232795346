import { Link, Navigate } from 'react-router-dom';
import { AlertMessage } from '../../ui/alert-message';
import { Avatar } from '../../ui/avatar';
import { LoadingScreen } from '../../ui/spinner';
import { useAdminOrganizations } from '../account/use-admin-organizations';
import { AdminLayout } from './admin-layout';
import { adminPath } from './admin-paths';
import { imageUrl } from './upload-image';

/** /admin: the organizations the user administers (and can reach from here); with only one, straight to it. */
export function OrganizationPickerScreen() {
  const admin = useAdminOrganizations();
  if (admin.status === 'ready' && admin.list.length === 1) return <Navigate to={adminPath(admin.list[0]!.orgId)} replace />;
  return (
    <AdminLayout title="Admin console" intro={admin.status === 'ready' && admin.list.length > 1 ? 'Choose the organization to administer.' : undefined}>
      {admin.status === 'loading' ? <LoadingScreen label="Loading your organizations…" /> : null}
      {admin.status === 'failed' ? <AlertMessage message={admin.message} /> : null}
      {admin.status === 'ready' && admin.list.length === 0 ? (
        <p>You administer no organization that you can reach from here. An administrator of your organization can make you one.</p>
      ) : null}
      {admin.status === 'ready' && admin.list.length > 1 ? (
        <ul className="admin-org-list" aria-label="Organizations you administer">
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
