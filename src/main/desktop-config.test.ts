import { describe, expect, it } from 'vitest';
import { collectBuildInfo } from './build-info';
import { resolveDesktopConfig, type BuildDefaults } from './desktop-config';

const BUILD: BuildDefaults = { flavor: 'track', serverUrl: 'https://portal.example.com/', updatesUrl: '', commit: 'abc1234', buildDate: '2026-11-22T03:00:00.000Z' };

describe('desktop configuration', () => {
  it('takes the build values, with the update feed in the flavor’s folder on the account server', () => {
    expect(resolveDesktopConfig(BUILD, {})).toEqual({
      flavor: 'track',
      serverOrigin: 'https://portal.example.com',
      updatesUrl: 'https://portal.example.com/updates/track',
      commit: 'abc1234',
      buildDate: '2026-11-22T03:00:00.000Z',
    });
  });

  it('lets the same variables override them at run time, and "off" turns updates off', () => {
    const config = resolveDesktopConfig(BUILD, { PORTAL_FLAVOR: 'chat', PORTAL_SERVER_URL: 'http://127.0.0.1:3392', PORTAL_UPDATES_URL: 'off' });
    expect(config).toMatchObject({ flavor: 'chat', serverOrigin: 'http://127.0.0.1:3392', updatesUrl: null });
  });

  it('names every bad variable', () => {
    expect(() => resolveDesktopConfig(BUILD, { PORTAL_FLAVOR: 'mail', PORTAL_SERVER_URL: 'ftp://x', PORTAL_UPDATES_URL: 'nope' })).toThrow(
      /PORTAL_FLAVOR[\s\S]*PORTAL_SERVER_URL[\s\S]*PORTAL_UPDATES_URL/,
    );
  });

  it('builds the build info the menu and the login form read', () => {
    const info = collectBuildInfo('1.2.3', resolveDesktopConfig(BUILD, {}), { platform: 'linux', arch: 'x64', versions: { electron: '45.4.1', chrome: '142.0.0.0' } });
    expect(info).toEqual({
      version: '1.2.3',
      flavor: 'track',
      productName: 'Suite Track',
      platform: 'linux',
      arch: 'x64',
      electron: '45.4.1',
      chrome: '142.0.0.0',
      buildDate: '2026-11-22T03:00:00.000Z',
      commit: 'abc1234',
      serverOrigin: 'https://portal.example.com',
    });
  });
});
