import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReleaseFeed, pickInstaller, releaseNotesText } from './release-feed';

const fixture = (path: string) => readFileSync(join(import.meta.dirname, '../../../tests/fixtures/release-feeds', path), 'utf8');

describe('parseReleaseFeed', () => {
  it('reads what electron-builder writes: version, files with sizes, release date, notes', () => {
    const feed = parseReleaseFeed(fixture('chat/latest-mac.yml'));
    expect(feed.version).toBe('2.4.0');
    expect(feed.releaseDate).toBe('2026-10-14T08:20:02.904Z');
    expect(feed.files.map((file) => [file.url, file.size])).toEqual([
      ['Suite-Chat-2.4.0-mac-x64.zip', 121504121],
      ['Suite-Chat-2.4.0-mac-arm64.zip', 116630540],
      ['Suite-Chat-2.4.0-mac-x64.dmg', 125938811],
      ['Suite-Chat-2.4.0-mac-arm64.dmg', 120983004],
    ]);
  });

  it('names the problem in a malformed feed', () => {
    expect(() => parseReleaseFeed(fixture('track/latest-mac.yml'))).toThrow(/not YAML/);
    expect(() => parseReleaseFeed('version: 2.4.0\nfiles: []\n')).toThrow(/^files:/);
    expect(() => parseReleaseFeed('version: latest\nfiles:\n  - url: a.exe\n    sha512: x\n')).toThrow(/version: must be a semantic version/);
    expect(() => parseReleaseFeed('just text')).toThrow();
  });

  it('refuses file names that would leave the release folder or change the link', () => {
    for (const url of ['../secret.exe', 'sub/app.exe', '.hidden.exe', 'app.exe?x=1', '/etc/passwd']) {
      expect(() => parseReleaseFeed(`version: 1.0.0\nfiles:\n  - url: '${url}'\n    sha512: x\n`)).toThrow(/files.0.url/);
    }
  });
});

describe('pickInstaller', () => {
  it('uses the combined Windows installer for both architectures', () => {
    const feed = parseReleaseFeed(fixture('chat/latest.yml'));
    expect(pickInstaller(feed, 'windows32')?.url).toBe('Suite-Chat-2.4.0-win.exe');
    expect(pickInstaller(feed, 'windows64')?.url).toBe('Suite-Chat-2.4.0-win.exe');
  });

  it('picks per-architecture Windows installers when there are some', () => {
    const feed = parseReleaseFeed(fixture('track/latest.yml'));
    expect(pickInstaller(feed, 'windows32')?.url).toBe('Suite-Track-1.9.2-win-ia32.exe');
    expect(pickInstaller(feed, 'windows64')?.url).toBe('Suite-Track-1.9.2-win-x64.exe');
  });

  it('offers the Intel disk image on macOS (it runs on Apple silicon too), a universal one first, the zip only without a dmg', () => {
    const feed = parseReleaseFeed(fixture('chat/latest-mac.yml'));
    expect(pickInstaller(feed, 'mac')?.url).toBe('Suite-Chat-2.4.0-mac-x64.dmg');
    const universal = { ...feed, files: [...feed.files, { url: 'Suite-Chat-2.4.0-mac-universal.dmg', sha512: 'x', size: 1 }] };
    expect(pickInstaller(universal, 'mac')?.url).toBe('Suite-Chat-2.4.0-mac-universal.dmg');
    const zipsOnly = { ...feed, files: feed.files.filter((file) => file.url.endsWith('.zip')) };
    expect(pickInstaller(zipsOnly, 'mac')?.url).toBe('Suite-Chat-2.4.0-mac-x64.zip');
  });

  it('offers the x64 AppImage on Linux, and nothing for a platform the feed lacks', () => {
    expect(pickInstaller(parseReleaseFeed(fixture('chat/latest-linux.yml')), 'linux')?.url).toBe('Suite-Chat-2.4.0-linux-x86_64.AppImage');
    expect(pickInstaller(parseReleaseFeed(fixture('chat/latest-linux.yml')), 'windows64')).toBeNull();
  });
});

describe('releaseNotesText', () => {
  it('turns HTML or per-version notes into plain text', () => {
    expect(releaseNotesText('<p>Faster start-up.</p>\n<ul><li>Dark mode</li></ul>')).toBe('Faster start-up. \n Dark mode');
    expect(releaseNotesText([{ version: '2.4.0', note: 'Dark mode' }, { version: '2.3.0', note: null }])).toBe('2.4.0: Dark mode\n2.3.0');
    expect(releaseNotesText(null)).toBeUndefined();
    expect(releaseNotesText('<br>')).toBeUndefined();
  });
});
