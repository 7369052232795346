import { describe, expect, it } from 'vitest';
import type { BuildInfo } from '../shared/bridge';
import { appMenuTemplate, releaseDetails } from './app-menu';

const INFO: BuildInfo = {
  version: '1.4.2',
  flavor: 'chat',
  productName: 'Suite Chat',
  platform: 'win32',
  arch: 'ia32',
  electron: '45.4.1',
  chrome: '142.0.0.0',
  buildDate: '2026-11-22T03:00:00.000Z',
  commit: 'abc1234',
  serverOrigin: 'https://portal.example.com',
};

describe('application menu', () => {
  it('has the New Release entry with the version, and Check for Updates, under Help', () => {
    const calls: string[] = [];
    const menu = appMenuTemplate(INFO, { showRelease: () => calls.push('release'), checkForUpdates: () => calls.push('check'), packaged: true });
    const help = menu.find((item) => item.label === 'Help')!.submenu!;
    expect(help.map((item) => item.label)).toEqual(['New Release 1.4.2', 'Check for Updates']);
    help.forEach((item) => item.click?.());
    expect(calls).toEqual(['release', 'check']);
    expect(JSON.stringify(menu)).not.toContain('toggleDevTools');
    expect(JSON.stringify(appMenuTemplate(INFO, { showRelease: () => undefined, checkForUpdates: () => undefined, packaged: false }))).toContain('toggleDevTools');
  });

  it('shows every build fact in the release details', () => {
    expect(releaseDetails(INFO)).toBe(
      'Suite Chat 1.4.2\nBuilt 2026-11-22T03:00:00.000Z from abc1234\nElectron 45.4.1, Chrome 142.0.0.0\nwin32 ia32\nAccount server https://portal.example.com',
    );
  });
});
