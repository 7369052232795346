import { useState } from 'react';
import type { UpdateState } from '../../shared/bridge';
import { tEnglish, useT } from '../i18n/screens';
import { platform } from '../platform';
import { Button } from '../ui/button';
import './platform-status.css';
import { updateStatusText } from './update-status';

/**
 * The strip itself (./platform-status.tsx loads it when there is something to say): the session notice (the desktop
 * keychain could not be reached) and the app's update state with 'Restart to update' once a version is ready.
 */
export function PlatformStatusBar({ notice, update }: { notice: string | null; update: UpdateState }) {
  const t = useT();
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
        <div className="platform-status-update" role="status" aria-label={t('kit.updateLabel')}>
          <span>{tEnglish(updateText)}</span>
          {update.status === 'ready' ? (
            <Button variant="secondary" onClick={restart}>
              {t('kit.restartToUpdate')}
            </Button>
          ) : null}
          {restartError ? <span role="alert">{tEnglish(restartError)}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
