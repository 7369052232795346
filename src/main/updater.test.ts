import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { UpdateState } from '../shared/bridge';
import { createUpdater, nextUpdateState, UPDATE_CHECK_INTERVAL_MS, type AutoUpdaterLike } from './updater';

/** electron-updater's autoUpdater as a double: records the feed and checks, lets the test emit its events. */
class FakeAutoUpdater implements AutoUpdaterLike {
  private events = new EventEmitter();
  autoDownload = false;
  autoInstallOnAppQuit = false;
  feeds: unknown[] = [];
  checks = 0;
  installs = 0;
  failNextCheck: Error | null = null;
  setFeedURL(options: unknown) {
    this.feeds.push(options);
  }
  async checkForUpdates() {
    this.checks += 1;
    if (this.failNextCheck) {
      const error = this.failNextCheck;
      this.failNextCheck = null;
      throw error;
    }
    return null;
  }
  quitAndInstall() {
    this.installs += 1;
  }
  on(event: string, listener: (arg: never) => void) {
    return this.events.on(event, listener as (arg: unknown) => void);
  }
  emit(event: string, arg?: unknown) {
    return this.events.emit(event, arg);
  }
}

function setup(feedUrl: string | null = 'https://portal.example.com/updates/chat') {
  const autoUpdater = new FakeAutoUpdater();
  const seen: UpdateState[] = [];
  const intervals: { fn: () => void; ms: number }[] = [];
  const updater = createUpdater({
    autoUpdater,
    feedUrl,
    onChange: (state) => seen.push(state),
    timers: { setInterval: (fn, ms) => intervals.push({ fn, ms }), clearInterval: () => undefined },
  });
  return { autoUpdater, updater, seen, intervals };
}

describe('update state machine', () => {
  it('walks idle → checking → available → downloading → ready', () => {
    let state: UpdateState = { status: 'idle' };
    state = nextUpdateState(state, { type: 'checking-for-update' });
    expect(state).toEqual({ status: 'checking' });
    state = nextUpdateState(state, { type: 'update-available', version: '1.4.0' });
    expect(state).toEqual({ status: 'available', version: '1.4.0' });
    state = nextUpdateState(state, { type: 'download-progress', percent: 41.6 });
    expect(state).toEqual({ status: 'downloading', version: '1.4.0', percent: 42 });
    state = nextUpdateState(state, { type: 'update-downloaded', version: '1.4.0' });
    expect(state).toEqual({ status: 'ready', version: '1.4.0' });
  });

  it('stays ready through a later check, and goes back to idle when nothing is new', () => {
    const ready: UpdateState = { status: 'ready', version: '1.4.0' };
    expect(nextUpdateState(ready, { type: 'checking-for-update' })).toBe(ready);
    expect(nextUpdateState(ready, { type: 'error', message: 'offline' })).toBe(ready);
    expect(nextUpdateState({ status: 'checking' }, { type: 'update-not-available' })).toEqual({ status: 'idle' });
    expect(nextUpdateState({ status: 'checking' }, { type: 'error', message: 'net::ERR_CONNECTION_REFUSED' })).toEqual({ status: 'error', message: 'net::ERR_CONNECTION_REFUSED' });
  });
});

describe('updater', () => {
  it('uses the generic provider at the configured feed, downloads in the background and checks at start and every few hours', () => {
    const { autoUpdater, intervals } = setup();
    expect(autoUpdater.feeds).toEqual([{ provider: 'generic', url: 'https://portal.example.com/updates/chat' }]);
    expect(autoUpdater.autoDownload).toBe(true);
    expect(autoUpdater.checks).toBe(1);
    expect(intervals.map((i) => i.ms)).toEqual([UPDATE_CHECK_INTERVAL_MS]);
    expect(UPDATE_CHECK_INTERVAL_MS).toBeGreaterThanOrEqual(60 * 60 * 1000);
    intervals[0]!.fn();
    expect(autoUpdater.checks).toBe(2);
  });

  it('reports each state the renderer shows, and restarts into the downloaded version on request', () => {
    const { autoUpdater, updater, seen } = setup();
    expect(() => updater.restart()).toThrow(/No update/);
    autoUpdater.emit('checking-for-update');
    autoUpdater.emit('update-available', { version: '2.0.0' });
    autoUpdater.emit('download-progress', { percent: 50 });
    autoUpdater.emit('update-downloaded', { version: '2.0.0' });
    expect(seen).toEqual([
      { status: 'checking' },
      { status: 'available', version: '2.0.0' },
      { status: 'downloading', version: '2.0.0', percent: 50 },
      { status: 'ready', version: '2.0.0' },
    ]);
    expect(updater.check()).toEqual({ status: 'ready', version: '2.0.0' });
    updater.restart();
    expect(autoUpdater.installs).toBe(1);
  });

  it('shows an error when the check itself fails', async () => {
    const { autoUpdater, updater, seen } = setup();
    autoUpdater.failNextCheck = new Error('net::ERR_NAME_NOT_RESOLVED');
    updater.check();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.at(-1)).toEqual({ status: 'error', message: 'net::ERR_NAME_NOT_RESOLVED' });
  });

  it('never checks when updates are off', () => {
    const { autoUpdater, updater } = setup(null);
    expect(autoUpdater.checks).toBe(0);
    expect(updater.check()).toEqual({ status: 'idle' });
  });
});
