import { Link } from 'react-router-dom';
import { useT } from '../../i18n/screens';
import { useSessionStore } from '../../session/session-store';
import { AuthLayout } from '../../ui/auth-layout';
import { DownloadList } from './download-list';

/** /downloads: the build information of the downloadable apps (spec sections 2 and 3). */
export function DownloadsScreen() {
  const t = useT();
  const signedIn = useSessionStore((session) => session.token !== null);
  return (
    <AuthLayout wide>
      <header className="screen-header">
        <h1>{t('downloads.title')}</h1>
        <p className="lead">{t('downloads.lead')}</p>
      </header>
      <DownloadList />
      <p className="screen-footer">
        <Link to={signedIn ? '/workspace' : '/login'}>{t(signedIn ? 'downloads.backToWorkspace' : 'downloads.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}
