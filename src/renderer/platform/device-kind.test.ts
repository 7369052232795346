import { describe, expect, it } from 'vitest';
import { detectDeviceKind } from './device-kind';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const INSTAGRAM = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120 Instagram 300.0.0';

describe('detectDeviceKind', () => {
  it('reports the desktop shell as desktop', () => {
    expect(detectDeviceKind({ userAgent: CHROME_LINUX, maxTouchPoints: 0, desktopShell: true })).toBe('desktop');
  });

  it('reports a desktop browser without touch as web', () => {
    expect(detectDeviceKind({ userAgent: CHROME_LINUX, maxTouchPoints: 0, desktopShell: false })).toBe('web');
  });

  it('reports touch-capable devices and mobile or in-app browsers as mobile', () => {
    expect(detectDeviceKind({ userAgent: CHROME_LINUX, maxTouchPoints: 5, desktopShell: false })).toBe('mobile');
    expect(detectDeviceKind({ userAgent: IPHONE, maxTouchPoints: 0, desktopShell: false })).toBe('mobile');
    expect(detectDeviceKind({ userAgent: INSTAGRAM, maxTouchPoints: 0, desktopShell: false })).toBe('mobile');
  });
});
