import { lazy, Suspense, useSyncExternalStore } from 'react';
import { platform } from '../platform';

// The strip's code and texts load only when there is something to show (the desktop apps), not with /login.
const PlatformStatusBar = lazy(() => import('./platform-status-bar').then((module) => ({ default: module.PlatformStatusBar })));

/**
 * The notices of where the portal runs, above every screen: a session notice (the desktop keychain could not be
 * reached) and the app's update state with 'Restart to update' once a version is ready. Renders nothing otherwise.
 */
export function PlatformStatus() {
  const notice = useSyncExternalStore(platform.notice.subscribe, platform.notice.current, platform.notice.current);
  const update = useSyncExternalStore(platform.updates.subscribe, platform.updates.current, platform.updates.current);
  if (!notice && update.status === 'idle') return null;
  return (
    <Suspense fallback={null}>
      <PlatformStatusBar notice={notice} update={update} />
    </Suspense>
  );
}
