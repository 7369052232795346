import { useSyncExternalStore } from 'react';
import type { DownloadData } from '../../../shared/protocol';
import { platform } from '../../platform';
import { useLanguage, useT } from '../../i18n/screens';
import { useBuildInfo } from '../downloads/use-build-info';

/** The latest published release of each desktop app: version, date and notes from its update feed. */
function latestReleases(data: DownloadData, language: string): { app: string; version: string; date: string | null; notes: string | null }[] {
  const apps = [
    { app: 'Suite Chat', keys: ['chatWindows64', 'chatMac', 'chatLinux', 'chatWindows32'] as const },
    { app: 'Suite Track', keys: ['trackWindows64', 'trackMac', 'trackLinux', 'trackWindows32'] as const },
  ];
  return apps.flatMap(({ app, keys }) => {
    const entries = keys.map((key) => data[key]).filter((entry) => entry.version);
    const [latest] = entries.sort((a, b) => (b.releaseDate ?? '').localeCompare(a.releaseDate ?? ''));
    if (!latest?.version) return [];
    return [{ app, version: latest.version, date: formatReleaseDate(latest.releaseDate, language), notes: entries.find((entry) => entry.releaseNotes)?.releaseNotes ?? null }];
  });
}

/** A release's day in the language shown (as the downloads page gives it: the day in UTC). */
function formatReleaseDate(iso: string | undefined, language: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Splits a message around one argument, so that argument can be marked up (the version in bold). */
const MARK = '\u0001';
const around = (message: string): [string, string] => {
  const [before = '', after = ''] = message.split(MARK);
  return [before, after];
};

/** New Release: the version the user runs, what the updater found (desktop), and the latest release notes. */
export function NewReleaseDetails() {
  const t = useT();
  const language = useLanguage();
  const { version, build } = platform.appVersion();
  const update = useSyncExternalStore(platform.updates.subscribe, platform.updates.current);
  const state = useBuildInfo();
  const [before, after] = around(t('menu.usingVersion', { version: MARK, build }));
  const releases = state.status === 'ready' ? latestReleases(state.data, language) : [];
  return (
    <>
      <p>
        {before}
        <strong data-testid="app-version" dir="ltr">
          {version}
        </strong>
        {after}
      </p>
      {update.status === 'available' || update.status === 'downloading' ? <p role="status">{t('menu.updateDownloading', { version: update.version })}</p> : null}
      {update.status === 'ready' ? <p role="status">{t('menu.updateReady', { version: update.version })}</p> : null}
      {state.status === 'loading' ? <p>{t('menu.loadingNotes')}</p> : null}
      {releases.map((release) => (
        <section key={release.app} aria-label={`${release.app} ${release.version}`}>
          <h3>
            {release.app} {release.version}
          </h3>
          {release.date ? <p className="muted">{t('menu.released', { date: release.date })}</p> : null}
          {release.notes ? <p className="release-notes">{release.notes}</p> : null}
        </section>
      ))}
      {state.status === 'ready' && releases.length === 0 ? <p className="muted">{t('menu.noRelease')}</p> : null}
    </>
  );
}
