import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { installReleaseFeeds } from '../fixtures/release-feeds/install';
import { TEST_SEED } from './fixtures/seed';
import { describeEngines, useTestServer } from './harness';

const updatesDir = mkdtempSync(join(tmpdir(), 'downloads-server-'));
installReleaseFeeds(updatesDir);
const emptyDir = mkdtempSync(join(tmpdir(), 'downloads-empty-'));
afterAll(() => [updatesDir, emptyDir].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeEngines('getBuildInfo', (engine) => {
  const app = useTestServer(engine, TEST_SEED, () => ({
    UPDATES_DIR: updatesDir,
    PUBLIC_URL: 'https://portal.example.com',
    MOBILE_LINK_ANDROID_HRMS: 'https://play.google.com/store/apps/details?id=com.suite.hrms',
  }));
  const bare = useTestServer(engine, TEST_SEED, () => ({ UPDATES_DIR: emptyDir }));

  it('answers the fourteen keys to a visitor, from the release feeds and the configured store links', async () => {
    const client = await app().connect();
    const data = await client.call('getBuildInfo', undefined);
    expect(Object.keys(data)).toHaveLength(14);
    expect(data.chatLinux).toMatchObject({ link: 'https://portal.example.com/updates/chat/Suite-Chat-2.4.0-linux-x86_64.AppImage', version: '2.4.0', size: 131077352 });
    expect(data.trackWindows64.link).toBe('https://portal.example.com/updates/track/Suite-Track-1.9.2-win-x64.exe');
    expect(data.androidHRMS.link).toBe('https://play.google.com/store/apps/details?id=com.suite.hrms');
    expect(data.iosChat.link).toBe('');
  });

  it('leaves the links of a malformed and a missing feed empty, answers 200 and logs them', async () => {
    const client = await app().connect();
    const reply = await client.emit('getBuildInfo', {});
    expect(reply.code).toBe(200);
    const data = reply.data as Record<string, { link: string }>;
    expect(data['trackMac']).toEqual({ link: '' });
    expect(data['trackLinux']).toEqual({ link: '' });
    const events = app().logs.map((line) => (JSON.parse(line) as { event: string }).event);
    expect(events).toContain('downloads.feed-invalid');
    expect(events).toContain('downloads.feed-missing');
  });

  it('answers empty links, not an error, when no release has been published', async () => {
    const client = await bare().connect();
    const data = await client.call('getBuildInfo', undefined);
    expect(Object.values(data).every((entry) => entry.link === '')).toBe(true);
  });
});
