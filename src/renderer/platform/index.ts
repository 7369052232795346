import type { DesktopBridge } from '../../shared/bridge';
import { createDesktopPlatform } from './desktop-platform';
import type { Platform } from './platform';
import { webPlatform } from './web-platform';

export type {
  AppVersion,
  CookieWriteOptions,
  DeviceKind,
  ExternalLink,
  Flavor,
  Platform,
  PlatformCookies,
  PlatformNotice,
  PlatformUpdates,
  ProductLaunch,
  ServiceWorkerStatus,
  ThemeChoice,
} from './platform';
export { afterFirstPaint, whenIdle } from './after-paint';
export { THEME_KEY } from './theme-setting';
export type { OperatingSystem } from './device-kind';
export { MICROSOFT_ANSWER_KEY, MICROSOFT_CODE_KEY, type MicrosoftPopupResult } from './microsoft-popup';

declare global {
  interface Window {
    /** The preload's bridge; present only inside the desktop shell. */
    desktop?: DesktopBridge;
  }
}

/**
 * The desktop build uses the bridge the preload exposes; opened without the shell (a plain browser on the built
 * files) it has no bridge and behaves like the web portal.
 */
function pick(): Platform {
  if (__PORTAL_TARGET__ === 'desktop' && typeof window !== 'undefined' && window.desktop) return createDesktopPlatform(window.desktop);
  return webPlatform;
}

/** Where the renderer runs. The only value in the renderer that differs between web and desktop. */
export const platform: Platform = pick();
