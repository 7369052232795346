import type { DeviceKind } from './platform';

/** Browsers embedded in other apps (Facebook, Instagram, LINE, LinkedIn, WeChat, Android web views). */
const IN_APP_BROWSER = /FBAN|FBAV|Instagram|Line\/|LinkedInApp|MicroMessenger|; wv\)/i;
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
  if (IN_APP_BROWSER.test(facts.userAgent) || MOBILE_BROWSER.test(facts.userAgent) || facts.maxTouchPoints > 0) return 'mobile';
  return 'web';
}
