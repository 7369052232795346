import { useSyncExternalStore } from 'react';
import type { DownloadData } from '../../../shared/protocol';
import { platform } from '../../platform';
import { formatReleaseDate } from '../downloads/download-rows';
import { useBuildInfo } from '../downloads/use-build-info';

/** The latest published release of each desktop app: version, date and notes from its update feed. */
function latestReleases(data: DownloadData): { app: string; version: string; date: string | null; notes: string | null }[] {
  const apps = [
    { app: 'Suite Chat', keys: ['chatWindows64', 'chatMac', 'chatLinux', 'chatWindows32'] as const },
    { app: 'Suite Track', keys: ['trackWindows64', 'trackMac', 'trackLinux', 'trackWindows32'] as const },
  ];
  return apps.flatMap(({ app, keys }) => {
    const entries = keys.map((key) => data[key]).filter((entry) => entry.version);
    const [latest] = entries.sort((a, b) => (b.releaseDate ?? '').localeCompare(a.releaseDate ?? ''));
    if (!latest?.version) return [];
    return [{ app, version: latest.version, date: formatReleaseDate(latest.releaseDate), notes: entries.find((entry) => entry.releaseNotes)?.releaseNotes ?? null }];
  });
}

/** New Release: the version the user runs, what the updater found (desktop), and the latest release notes. */
export function NewReleaseDetails() {
  const { version, build } = platform.appVersion();
  const update = useSyncExternalStore(platform.updates.subscribe, platform.updates.current);
  const state = useBuildInfo();
  const releases = state.status === 'ready' ? latestReleases(state.data) : [];
  return (
    <>
      <p>
        You are using version <strong data-testid="app-version">{version}</strong> <span className="muted">(build {build})</span>.
      </p>
      {update.status === 'available' || update.status === 'downloading' ? <p role="status">Version {update.version} is being downloaded.</p> : null}
      {update.status === 'ready' ? <p role="status">Version {update.version} is ready: restart the app to use it.</p> : null}
      {state.status === 'loading' ? <p>Loading the release notes…</p> : null}
      {releases.map((release) => (
        <section key={release.app} aria-label={`${release.app} ${release.version}`}>
          <h3>
            {release.app} {release.version}
          </h3>
          {release.date ? <p className="muted">Released {release.date}</p> : null}
          {release.notes ? <p className="release-notes">{release.notes}</p> : null}
        </section>
      ))}
      {state.status === 'ready' && releases.length === 0 ? <p className="muted">No desktop release has been published yet.</p> : null}
    </>
  );
}
