import { describe, expect, it } from 'vitest';
import { isInAppBrowser } from '../../shared/in-app-browser';
import { detectDeviceKind, detectOperatingSystem, type OperatingSystem } from './device-kind';
import type { DeviceKind } from './platform';

/** Real user agents, with the touch points their devices report, what the portal should make of them. */
const TABLE: { name: string; ua: string; touch: number; kind: DeviceKind; inApp: boolean; os: OperatingSystem | null }[] = [
  { name: 'Chrome on Windows', ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36', touch: 0, kind: 'web', inApp: false, os: 'windows' },
  { name: 'Edge on Windows', ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.68', touch: 0, kind: 'web', inApp: false, os: 'windows' },
  { name: 'Chrome on a Windows touch laptop', ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36', touch: 10, kind: 'mobile', inApp: false, os: 'windows' },
  { name: 'Firefox on Linux', ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', touch: 0, kind: 'web', inApp: false, os: 'linux' },
  { name: 'Safari on a Mac', ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', touch: 0, kind: 'web', inApp: false, os: 'mac' },
  { name: 'Safari on an iPhone', ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', touch: 5, kind: 'mobile', inApp: false, os: 'ios' },
  { name: 'Safari on an iPad (desktop mode)', ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', touch: 5, kind: 'mobile', inApp: false, os: 'ios' },
  { name: 'Chrome on iOS', ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.6723.90 Mobile/15E148 Safari/604.1', touch: 5, kind: 'mobile', inApp: false, os: 'ios' },
  { name: 'Chrome on Android', ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36', touch: 5, kind: 'mobile', inApp: false, os: 'android' },
  { name: 'Samsung Internet', ua: 'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', touch: 5, kind: 'mobile', inApp: false, os: 'android' },
  { name: 'Android WebView in an app', ua: 'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.86 Mobile Safari/537.36', touch: 5, kind: 'mobile', inApp: true, os: 'android' },
  { name: 'Facebook on iOS', ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/485.0.0.46.109;FBBV/650000000;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.6;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]', touch: 5, kind: 'mobile', inApp: true, os: 'ios' },
  { name: 'Instagram on Android', ua: 'Mozilla/5.0 (Linux; Android 14; SM-A546B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/129.0.6668.100 Mobile Safari/537.36 Instagram 353.0.0.34.89 Android', touch: 5, kind: 'mobile', inApp: true, os: 'android' },
  { name: 'LinkedIn on iOS', ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.30.1156', touch: 5, kind: 'mobile', inApp: true, os: 'ios' },
  { name: 'WeChat on Android', ua: 'Mozilla/5.0 (Linux; Android 12; V2141A Build/SP1A.210812.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5075 MMWEBSDK/20230405 MicroMessenger/8.0.35.2360 WeChat/arm64', touch: 5, kind: 'mobile', inApp: true, os: 'android' },
  { name: 'An iOS app web view', ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148', touch: 5, kind: 'mobile', inApp: true, os: 'ios' },
];

describe('detectDeviceKind', () => {
  it('reports the desktop shell as desktop', () => {
    expect(detectDeviceKind({ userAgent: TABLE[0]!.ua, maxTouchPoints: 0, desktopShell: true })).toBe('desktop');
  });

  for (const row of TABLE) {
    it(`${row.name}: ${row.kind}${row.inApp ? ', in-app browser' : ''}, ${row.os}`, () => {
      expect(detectDeviceKind({ userAgent: row.ua, maxTouchPoints: row.touch, desktopShell: false })).toBe(row.kind);
      expect(isInAppBrowser(row.ua)).toBe(row.inApp);
      expect(detectOperatingSystem({ userAgent: row.ua, maxTouchPoints: row.touch })).toBe(row.os);
    });
  }
});
