import { describe, expect, it } from 'vitest';
import { DOWNLOAD_KEYS, type DownloadData } from '../../../shared/protocol';
import { downloadGroups, everyLinkEmpty, formatReleaseDate, formatSize } from './download-rows';

const empty = Object.fromEntries(DOWNLOAD_KEYS.map((key) => [key, { link: '' }])) as DownloadData;
const data: DownloadData = {
  ...empty,
  chatWindows64: { link: 'https://p.example/updates/chat/a.exe', version: '2.4.0', size: 187441032 },
  chatMac: { link: 'https://p.example/updates/chat/a.dmg', version: '2.4.0' },
  chatLinux: { link: 'https://p.example/updates/chat/a.AppImage', version: '2.4.0' },
  trackWindows64: { link: 'https://p.example/updates/track/b.exe', version: '1.9.2' },
  androidChat: { link: 'https://play.example/chat' },
};

const order = (visitor: Parameters<typeof downloadGroups>[1]) => downloadGroups(data, visitor).map((group) => `${group.app}: ${group.rows.map((row) => row.platform).join(', ')}`);

describe('downloadGroups', () => {
  it('lists the visitor’s platform first and every other platform after it', () => {
    expect(order('linux')).toEqual(['Suite Chat for desktop: Linux, Windows (64-bit), macOS', 'Suite Track for desktop: Windows (64-bit)', 'Chat for phones: Android']);
    expect(order('windows')).toEqual(['Suite Chat for desktop: Windows (64-bit), macOS, Linux', 'Suite Track for desktop: Windows (64-bit)', 'Chat for phones: Android']);
  });

  it('puts the phone apps first for a phone', () => {
    expect(order('android')[0]).toBe('Chat for phones: Android');
  });

  it('marks the visitor’s rows and leaves out empty links', () => {
    const rows = downloadGroups(data, 'mac').flatMap((group) => group.rows);
    expect(rows.filter((row) => row.yours).map((row) => row.key)).toEqual(['chatMac']);
    expect(rows.some((row) => row.key === 'chatWindows32')).toBe(false);
  });
});

describe('everyLinkEmpty', () => {
  it('is true only when no key has a link', () => {
    expect(everyLinkEmpty(empty)).toBe(true);
    expect(everyLinkEmpty(data)).toBe(false);
  });
});

describe('formatting', () => {
  it('shows sizes in binary units and dates in UTC', () => {
    expect(formatSize(187441032)).toBe('178.8 MB');
    expect(formatSize(900)).toBe('900 bytes');
    expect(formatSize(undefined)).toBeNull();
    expect(formatReleaseDate('2026-10-14T23:59:00.000Z')).toBe('14 Oct 2026');
    expect(formatReleaseDate('nonsense')).toBeNull();
  });
});
