import { IOS_DEVICE, isInAppBrowser } from '../../shared/in-app-browser';
import type { DeviceKind } from './platform';

const MOBILE_BROWSER = /Android|iPhone|iPad|iPod|Mobile/i;

export interface DeviceFacts {
  userAgent: string;
  /** navigator.maxTouchPoints: above zero means a touch screen is present. */
  maxTouchPoints: number;
  /** True only inside the desktop shell. */
  desktopShell: boolean;
}

/** Spec section 1: desktop = the desktop shell; mobile = touch-capable or an in-app/mobile browser; otherwise web. */
export function detectDeviceKind(facts: DeviceFacts): DeviceKind {
  if (facts.desktopShell) return 'desktop';
  if (isInAppBrowser(facts.userAgent) || MOBILE_BROWSER.test(facts.userAgent) || facts.maxTouchPoints > 0) return 'mobile';
  return 'web';
}

/** The operating systems the downloads distinguish. */
export type OperatingSystem = 'windows' | 'mac' | 'linux' | 'android' | 'ios';

/** The visitor's operating system from the user agent (iPadOS asks for desktop pages as a Mac with a touch screen). */
export function detectOperatingSystem(facts: Pick<DeviceFacts, 'userAgent' | 'maxTouchPoints'>): OperatingSystem | null {
  const ua = facts.userAgent;
  if (/Android/i.test(ua)) return 'android';
  if (IOS_DEVICE.test(ua) || (/Macintosh/.test(ua) && facts.maxTouchPoints > 1)) return 'ios';
  if (/Windows/i.test(ua)) return 'windows';
  if (/Macintosh|Mac OS X/.test(ua)) return 'mac';
  if (/Linux|X11|CrOS/i.test(ua)) return 'linux';
  return null;
}
