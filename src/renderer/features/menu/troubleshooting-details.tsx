import { useSessionStore } from '../../session/session-store';
import { logout } from '../../session/logout';
import { platform } from '../../platform';
import { Button } from '../../ui/button';
import { consoleLoggingEnabled } from '../console-logging/start-console-switch';

const SERVICE_WORKER_TEXT: Record<ReturnType<typeof platform.serviceWorker.status>, string> = {
  unsupported: 'not supported by this browser',
  'not-used': 'not used (the app updates itself)',
  starting: 'starting',
  active: 'active: the portal opens even offline',
  'update-ready': 'a new version is ready and loads at the next page change',
  failed: 'could not start',
};

/** Troubleshooting: the facts a helpdesk asks for, and the two steps that fix most problems. */
export function TroubleshootingDetails() {
  const connected = useSessionStore((session) => session.connected);
  const { version, build } = platform.appVersion();
  const facts: [string, string][] = [
    ['Version', `${version} (build ${build})`],
    ['Connection to the server', connected ? 'connected' : 'not connected: check your network'],
    ['Device', `${platform.deviceKind()}${platform.operatingSystem() ? `, ${platform.operatingSystem()}` : ''}`],
    ['Offline support', SERVICE_WORKER_TEXT[platform.serviceWorker.status()]],
    ['Console logging', consoleLoggingEnabled() ? 'on (Ctrl+Shift+S turns it off)' : 'off (Ctrl+Shift+E turns it on)'],
  ];
  return (
    <>
      <dl className="facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p>If a page looks wrong or a button does nothing, reload the page. If that does not help, sign out and sign in again.</p>
      <div className="actions actions-start">
        <Button variant="secondary" onClick={() => platform.reload()}>
          Reload the page
        </Button>
        <Button variant="secondary" onClick={() => void logout()}>
          Sign out
        </Button>
      </div>
    </>
  );
}
