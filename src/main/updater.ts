import type { UpdateState } from '../shared/bridge';

/** Every few hours, as the issue asks. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/** What electron-updater reports, reduced to what the state machine needs. */
export type UpdaterEvent =
  | { type: 'checking-for-update' }
  | { type: 'update-available'; version: string }
  | { type: 'update-not-available' }
  | { type: 'download-progress'; percent: number }
  | { type: 'update-downloaded'; version: string }
  | { type: 'error'; message: string };

/**
 * The update state machine: idle → checking → available{version} → downloading{percent} → ready{version}, error
 * from anywhere. Once a version is ready it stays ready (a later check must not hide the restart prompt), unless a
 * newer version arrives.
 */
export function nextUpdateState(state: UpdateState, event: UpdaterEvent): UpdateState {
  if (state.status === 'ready' && event.type !== 'update-downloaded') return state;
  switch (event.type) {
    case 'checking-for-update':
      return { status: 'checking' };
    case 'update-available':
      return { status: 'available', version: event.version };
    case 'update-not-available':
      return { status: 'idle' };
    case 'download-progress': {
      const version = state.status === 'available' || state.status === 'downloading' ? state.version : '';
      return { status: 'downloading', version, percent: Math.max(0, Math.min(100, Math.round(event.percent))) };
    }
    case 'update-downloaded':
      return { status: 'ready', version: event.version };
    case 'error':
      return { status: 'error', message: event.message || 'The update could not be checked.' };
  }
}

/** The part of electron-updater's autoUpdater used here. */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: string, listener: (arg: never) => void): unknown;
}

export interface Updater {
  state(): UpdateState;
  check(): UpdateState;
  restart(): void;
  stop(): void;
}

/**
 * electron-updater with the generic provider at `feedUrl`: checks at start and every `intervalMs`, downloads in
 * the background, reports each state to `onChange`, and restarts into a downloaded version on request.
 * With no feed (updates off) the state stays idle.
 */
export function createUpdater(options: {
  autoUpdater: AutoUpdaterLike;
  feedUrl: string | null;
  onChange: (state: UpdateState) => void;
  intervalMs?: number;
  timers?: { setInterval: (fn: () => void, ms: number) => unknown; clearInterval: (handle: unknown) => void };
}): Updater {
  const { autoUpdater, feedUrl, onChange } = options;
  const timers = options.timers ?? { setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout) };
  let current: UpdateState = { status: 'idle' };
  const apply = (event: UpdaterEvent) => {
    const next = nextUpdateState(current, event);
    if (JSON.stringify(next) === JSON.stringify(current)) return;
    current = next;
    onChange(current);
  };

  if (!feedUrl) return { state: () => current, check: () => current, restart: () => undefined, stop: () => undefined };

  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.setFeedURL({ provider: 'generic', url: feedUrl });
  autoUpdater.on('checking-for-update', () => apply({ type: 'checking-for-update' }));
  autoUpdater.on('update-available', (info: { version: string }) => apply({ type: 'update-available', version: info.version }));
  autoUpdater.on('update-not-available', () => apply({ type: 'update-not-available' }));
  autoUpdater.on('download-progress', (progress: { percent: number }) => apply({ type: 'download-progress', percent: progress.percent }));
  autoUpdater.on('update-downloaded', (info: { version: string }) => apply({ type: 'update-downloaded', version: info.version }));
  autoUpdater.on('error', (error: Error) => apply({ type: 'error', message: error?.message ?? String(error) }));

  const check = (): UpdateState => {
    if (current.status === 'checking' || current.status === 'downloading' || current.status === 'ready') return current;
    autoUpdater.checkForUpdates().catch((error: unknown) => apply({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
    return current;
  };
  check();
  const timer = timers.setInterval(check, options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS);

  return {
    state: () => current,
    check,
    restart: () => {
      if (current.status !== 'ready') throw new Error('No update has been downloaded yet.');
      autoUpdater.quitAndInstall();
    },
    stop: () => timers.clearInterval(timer),
  };
}
