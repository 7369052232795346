import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installReleaseFeeds } from '../../../tests/fixtures/release-feeds/install';
import { DOWNLOAD_KEYS } from '../../shared/protocol';
import { createLogger } from '../log';
import { createDownloadLinks, type MobileLinks } from './download-links';

const NO_MOBILE: MobileLinks = { androidChat: null, androidHRMS: null, androidPMS: null, iosChat: null, iosHRMS: null, iosPMS: null };
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function setUp(withFeeds: boolean, mobileLinks: MobileLinks = NO_MOBILE) {
  const dir = mkdtempSync(join(tmpdir(), 'downloads-'));
  dirs.push(dir);
  if (withFeeds) installReleaseFeeds(dir);
  const lines: string[] = [];
  const links = createDownloadLinks({ updatesDir: dir, publicUrl: 'https://portal.example.com', mobileLinks, log: createLogger((line) => lines.push(line)) });
  return { dir, links, events: () => lines.map((line) => JSON.parse(line) as { event: string; path?: string; problem?: string }) };
}

describe('createDownloadLinks', () => {
  it('answers every key of spec section 3, the desktop ones from the feeds with version, size and date', async () => {
    const { links } = setUp(true, { ...NO_MOBILE, androidChat: 'https://play.google.com/store/apps/details?id=com.suite.chat' });
    const data = await links.read();
    expect(Object.keys(data)).toEqual([...DOWNLOAD_KEYS]);
    expect(data.chatWindows64).toEqual({
      link: 'https://portal.example.com/updates/chat/Suite-Chat-2.4.0-win.exe',
      version: '2.4.0',
      fileName: 'Suite-Chat-2.4.0-win.exe',
      size: 187441032,
      releaseDate: '2026-10-14T08:12:45.317Z',
      releaseNotes: 'Faster start-up and a new notification centre.',
    });
    expect(data.chatWindows32.link).toBe(data.chatWindows64.link);
    expect(data.chatMac.link).toBe('https://portal.example.com/updates/chat/Suite-Chat-2.4.0-mac-x64.dmg');
    expect(data.chatLinux.link).toBe('https://portal.example.com/updates/chat/Suite-Chat-2.4.0-linux-x86_64.AppImage');
    expect(data.trackWindows32.link).toBe('https://portal.example.com/updates/track/Suite-Track-1.9.2-win-ia32.exe');
    expect(data.androidChat).toEqual({ link: 'https://play.google.com/store/apps/details?id=com.suite.chat' });
    expect(data.iosPMS).toEqual({ link: '' });
  });

  it('leaves the links of a malformed or missing feed empty and logs each once', async () => {
    const { links, events } = setUp(true);
    const data = await links.read();
    expect(data.trackMac).toEqual({ link: '' });
    expect(data.trackLinux).toEqual({ link: '' });
    await links.read();
    const logged = events().map((entry) => `${entry.event} ${entry.path?.split('/').slice(-2).join('/')}`).sort();
    expect(logged).toEqual(['downloads.feed-invalid track/latest-mac.yml', 'downloads.feed-missing track/latest-linux.yml']);
  });

  it('reads a feed again when it changes, and leaves a link empty when its installer is not in the folder', async () => {
    const { dir, links, events } = setUp(true);
    expect((await links.read()).chatLinux.version).toBe('2.4.0');
    const feed = join(dir, 'chat', 'latest-linux.yml');
    writeFileSync(feed, 'version: 2.5.0\nfiles:\n  - url: Suite-Chat-2.5.0-linux-x86_64.AppImage\n    sha512: abc\n    size: 10\n');
    utimesSync(feed, new Date(), new Date(Date.now() + 5000));
    expect((await links.read()).chatLinux).toEqual({ link: '' });
    expect(events().some((entry) => entry.event === 'downloads.installer-missing')).toBe(true);
  });

  it('answers empty desktop links without an updates folder', async () => {
    const links = createDownloadLinks({ updatesDir: null, publicUrl: 'https://p.example', mobileLinks: NO_MOBILE, log: createLogger(() => undefined) });
    const data = await links.read();
    expect(Object.values(data).every((entry) => entry.link === '')).toBe(true);
  });
});
