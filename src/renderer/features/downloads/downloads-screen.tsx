import { Link } from 'react-router-dom';
import { useSessionStore } from '../../session/session-store';
import { AuthLayout } from '../../ui/auth-layout';
import { DownloadList } from './download-list';

/** /downloads: the build information of the downloadable apps (spec sections 2 and 3). */
export function DownloadsScreen() {
  const signedIn = useSessionStore((session) => session.token !== null);
  return (
    <AuthLayout wide>
      <header className="screen-header">
        <h1>Download the apps</h1>
        <p className="lead">Suite Chat and Suite Track for your computer, and the Chat, HR and Project apps for your phone.</p>
      </header>
      <DownloadList />
      <p className="screen-footer">
        <Link to={signedIn ? '/workspace' : '/login'}>{signedIn ? 'Back to your workspace' : 'Back to sign in'}</Link>
      </p>
    </AuthLayout>
  );
}
