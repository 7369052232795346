import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DOWNLOAD_KEYS, type DownloadData, type DownloadEntry } from '../../shared/protocol';
import type { Logger } from '../log';
import { FEED_FILES, parseReleaseFeed, pickInstaller, releaseNotesText, type FeedOs, type ReleaseFeed } from './release-feed';

/** The six store links of spec section 3, from configuration (README: MOBILE_LINK_*). */
export type MobileKey = 'androidChat' | 'androidHRMS' | 'androidPMS' | 'iosChat' | 'iosHRMS' | 'iosPMS';
export type MobileLinks = Record<MobileKey, string | null>;

type DesktopKey = Exclude<(typeof DOWNLOAD_KEYS)[number], MobileKey>;

/** Which feed (folder and file) and which installer in it each desktop key of spec section 3 comes from. */
const DESKTOP_SOURCES: Record<DesktopKey, { channel: 'chat' | 'track'; os: FeedOs; target: Parameters<typeof pickInstaller>[1] }> = {
  chatWindows32: { channel: 'chat', os: 'windows', target: 'windows32' },
  chatWindows64: { channel: 'chat', os: 'windows', target: 'windows64' },
  chatMac: { channel: 'chat', os: 'mac', target: 'mac' },
  chatLinux: { channel: 'chat', os: 'linux', target: 'linux' },
  trackWindows32: { channel: 'track', os: 'windows', target: 'windows32' },
  trackWindows64: { channel: 'track', os: 'windows', target: 'windows64' },
  trackMac: { channel: 'track', os: 'mac', target: 'mac' },
  trackLinux: { channel: 'track', os: 'linux', target: 'linux' },
};

type CachedFeed = { stamp: string; feed: Promise<ReleaseFeed | null> };

export interface DownloadLinksOptions {
  /** UPDATES_DIR: the folder whose `chat/` and `track/` subfolders hold the feeds and installers; null: none. */
  updatesDir: string | null;
  /** PUBLIC_URL: links are absolute, since the desktop apps' renderer runs on its own origin. */
  publicUrl: string;
  mobileLinks: MobileLinks;
  log: Logger;
}

/**
 * getBuildInfo's answer: each key of spec section 3 with its link, or an empty link. The desktop keys come from the
 * release feeds under UPDATES_DIR (read again only when a file changes); a feed that is missing or malformed, or an
 * installer it names that is not in the folder, leaves its links empty and is logged once per change, never thrown.
 */
export function createDownloadLinks(options: DownloadLinksOptions): { read(): Promise<DownloadData> } {
  const { updatesDir, publicUrl, mobileLinks, log } = options;
  const cache = new Map<string, CachedFeed>();
  const reportedMissing = new Set<string>();

  const load = async (path: string, stamp: string): Promise<ReleaseFeed | null> => {
    if (stamp === 'missing') {
      log.warn('downloads.feed-missing', { path });
      return null;
    }
    try {
      return parseReleaseFeed(await readFile(path, 'utf8'));
    } catch (error) {
      log.warn('downloads.feed-invalid', { path, problem: error instanceof Error ? error.message : String(error) });
      return null;
    }
  };

  const feedAt = async (path: string): Promise<ReleaseFeed | null> => {
    let stamp = 'missing';
    try {
      const info = await stat(path);
      stamp = `${info.mtimeMs}:${info.size}`;
    } catch {
      // Missing: the stamp says so.
    }
    const cached = cache.get(path);
    if (cached?.stamp === stamp) return cached.feed;
    // The promise is cached, so keys sharing a feed (Windows 32 and 64) read and report it once.
    const feed = load(path, stamp);
    cache.set(path, { stamp, feed });
    return feed;
  };

  const fileExists = async (path: string) => {
    try {
      return (await stat(path)).isFile();
    } catch {
      return false;
    }
  };

  const desktopEntry = async (key: DesktopKey): Promise<DownloadEntry> => {
    if (!updatesDir) return { link: '' };
    const source = DESKTOP_SOURCES[key];
    const folder = join(updatesDir, source.channel);
    const feed = await feedAt(join(folder, FEED_FILES[source.os]));
    const file = feed ? pickInstaller(feed, source.target) : null;
    if (!feed || !file) return { link: '' };
    const where = join(folder, file.url);
    if (!(await fileExists(where))) {
      if (!reportedMissing.has(where)) log.warn('downloads.installer-missing', { channel: source.channel, file: file.url });
      reportedMissing.add(where);
      return { link: '' };
    }
    reportedMissing.delete(where);
    const releaseNotes = releaseNotesText(feed.releaseNotes);
    return {
      link: `${publicUrl}/updates/${source.channel}/${encodeURIComponent(file.url)}`,
      version: feed.version,
      fileName: file.url,
      ...(file.size === undefined ? {} : { size: file.size }),
      ...(feed.releaseDate ? { releaseDate: new Date(feed.releaseDate).toISOString() } : {}),
      ...(releaseNotes ? { releaseNotes } : {}),
    };
  };

  return {
    async read() {
      const entries = await Promise.all(
        DOWNLOAD_KEYS.map(async (key): Promise<[string, DownloadEntry]> => {
          if (key in mobileLinks) return [key, { link: mobileLinks[key as MobileKey] ?? '' }];
          return [key, await desktopEntry(key as DesktopKey)];
        }),
      );
      return Object.fromEntries(entries) as DownloadData;
    },
  };
}
