import type { DeviceKind } from './platform';

/**
 * Embedded web views of mobile apps: Facebook, Instagram, LINE, LinkedIn, WeChat, Snapchat, TikTok, X/Twitter, the
 * Google app, Android's WebView ("; wv)"), and iOS web views (an iPhone or iPad user agent without "Safari/").
 */
const IN_APP_BROWSER = /FBAN|FBAV|FB_IAB|Instagram|\bLine\/|LinkedInApp|MicroMessenger|Snapchat|musical_ly|BytedanceWebview|TwitterAndroid|\bTwitter for|\bGSA\/|; wv\)/i;
const IOS_DEVICE = /iPhone|iPad|iPod/i;
const MOBILE_BROWSER = /Android|iPhone|iPad|iPod|Mobile/i;

export interface DeviceFacts {
  userAgent: string;
  /** navigator.maxTouchPoints: above zero means a touch screen is present. */
  maxTouchPoints: number;
  /** True only inside the desktop shell. */
  desktopShell: boolean;
}

/** A browser embedded in a mobile app (spec section 2: sign-up links are hidden there, and only there). */
export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP_BROWSER.test(userAgent) || (IOS_DEVICE.test(userAgent) && !/Safari\//.test(userAgent));
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
