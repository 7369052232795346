import type { ReactNode } from 'react';
import { useT, type MessageId } from '../../i18n/screens';
import { useSessionStore } from '../../session/session-store';
import { logout } from '../../session/logout';
import { platform } from '../../platform';
import { Button } from '../../ui/button';
import { consoleLoggingEnabled } from '../console-logging/start-console-switch';

const SERVICE_WORKER_TEXT: Record<ReturnType<typeof platform.serviceWorker.status>, MessageId> = {
  unsupported: 'menu.swUnsupported',
  'not-used': 'menu.swNotUsed',
  starting: 'menu.swStarting',
  active: 'menu.swActive',
  'update-ready': 'menu.swUpdateReady',
  failed: 'menu.swFailed',
};

/** Troubleshooting: the facts a helpdesk asks for, and the two steps that fix most problems. */
export function TroubleshootingDetails() {
  const t = useT();
  const connected = useSessionStore((session) => session.connected);
  const { version, build } = platform.appVersion();
  const system = platform.operatingSystem();
  const facts: [string, ReactNode][] = [
    [t('menu.factVersion'), <bdi key="version">{t('menu.versionBuild', { version, build })}</bdi>],
    [t('menu.factConnection'), connected ? t('menu.connected') : t('menu.notConnected')],
    [
      t('menu.factDevice'),
      <>
        {t('menu.deviceKind', { kind: platform.deviceKind() })}
        {/* The system's own name, never translated. */}
        {system ? (
          <>
            {', '}
            <span translate="no">{system}</span>
          </>
        ) : null}
      </>,
    ],
    [t('menu.factOffline'), t(SERVICE_WORKER_TEXT[platform.serviceWorker.status()])],
    [t('menu.factLogging'), consoleLoggingEnabled() ? t('menu.loggingOn', { keys: 'Ctrl+Shift+S' }) : t('menu.loggingOff', { keys: 'Ctrl+Shift+E' })],
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
      <p>{t('menu.troubleshootingHelp')}</p>
      <div className="actions actions-start">
        <Button variant="secondary" onClick={() => platform.reload()}>
          {t('menu.reloadPage')}
        </Button>
        <Button variant="secondary" onClick={() => void logout()}>
          {t('menu.signOut')}
        </Button>
      </div>
    </>
  );
}
