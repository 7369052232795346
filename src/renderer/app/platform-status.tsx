import { useState, useSyncExternalStore } from 'react';
import { tEnglish, useLanguage } from '../i18n';
import { platform } from '../platform';
import { Button } from '../ui/button';
import './platform-status.css';
import { updateStatusText } from './update-status';

/**
 * The notices of where the portal runs, above every screen: a session notice (the desktop keychain could not be
 * reached) and the app's update state with 'Restart to update' once a version is ready. Renders nothing otherwise.
 * Desktop apps only (app-root.tsx). Its texts are English in their modules and shown through tEnglish (`message.*`
 * ids, a version or a percentage by the English template), in the language shown.
 */
export function PlatformStatus() {
  useLanguage();
  const notice = useSyncExternalStore(platform.notice.subscribe, platform.notice.current, platform.notice.current);
  const update = useSyncExternalStore(platform.updates.subscribe, platform.updates.current, platform.updates.current);
  const [restartError, setRestartError] = useState<string | null>(null);
  const updateText = updateStatusText(update);
  if (!notice && !updateText) return null;

  const restart = () => {
    setRestartError(null);
    platform.updates.restart().catch((error: unknown) => setRestartError(error instanceof Error ? error.message : String(error)));
  };

  return (
    <div className="platform-status">
      {notice ? (
        <p className="platform-status-notice" role="alert">
          {tEnglish(notice)}
        </p>
      ) : null}
      {updateText ? (
        <div className="platform-status-update" role="status" aria-label={tEnglish('App update')}>
          <span>{tEnglish(updateText)}</span>
          {update.status === 'ready' ? (
            <Button variant="secondary" onClick={restart}>
              {tEnglish('Restart to update')}
            </Button>
          ) : null}
          {restartError ? <span role="alert">{restartError}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
