import { describe, expect, it } from 'vitest';
import { desktopUserAgent } from '../../shared/desktop-user-agent';
import { describeDevice, desktopAppOf, withLoginFacts, NO_ORIGIN } from './device';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0';
const ELECTRON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Electron/32.0.0 Safari/537.36';

describe('the device a session or audit entry records', () => {
  it('reads the browser and operating system from the user agent', () => {
    expect(describeDevice({ userAgent: CHROME_LINUX, reported: null })).toEqual({ device: 'Chrome 126 on Linux', platform: 'web', app: null });
    expect(describeDevice({ userAgent: FIREFOX_ANDROID, reported: null })).toMatchObject({ device: 'Firefox 127 on Android 14', platform: 'mobile' });
  });

  it('names the desktop app and its version from the token the apps add, and the login payload\'s version first', () => {
    const userAgent = desktopUserAgent(ELECTRON_WINDOWS, 'track', '2.0.1');
    expect(desktopAppOf(userAgent)).toEqual({ flavor: 'track', version: '2.0.1' });
    expect(describeDevice({ userAgent, reported: null })).toEqual({ device: 'Suite Track 2.0.1 on Windows 10', platform: 'desktop', app: { flavor: 'track', version: '2.0.1' } });
    expect(describeDevice(withLoginFacts({ ...NO_ORIGIN, userAgent }, { platform: 'desktop', appVersion: '2.0.2' })).device).toBe('Suite Track 2.0.2 on Windows 10');
  });

  it('takes the platform the login payload reports over the user agent', () => {
    expect(describeDevice({ userAgent: CHROME_LINUX, reported: { platform: 'mobile' } }).platform).toBe('mobile');
  });

  it('says so when there is nothing to read, and cuts what is too long', () => {
    expect(describeDevice({ userAgent: null, reported: null })).toEqual({ device: 'Unknown browser', platform: 'web', app: null });
    expect(describeDevice({ userAgent: `${'x'.repeat(500)}`, reported: null }).device.length).toBeLessThanOrEqual(200);
  });

  it('appends the desktop token once', () => {
    const once = desktopUserAgent(ELECTRON_WINDOWS, 'chat', '1.0.0');
    expect(desktopUserAgent(once, 'chat', '1.0.0')).toBe(once);
    expect(once.endsWith(' SuitePortal/chat/1.0.0')).toBe(true);
  });
});
