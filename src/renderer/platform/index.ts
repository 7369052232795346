import type { Platform } from './platform';
import { webPlatform } from './web-platform';

export type { CookieWriteOptions, DeviceKind, Flavor, Platform, PlatformCookies } from './platform';
export { MICROSOFT_CODE_KEY } from './microsoft-popup';

/**
 * The implementation per build target. The desktop shell does not expose its bridge yet (see README.md), so the
 * desktop build runs the browser implementation until its own entry replaces it here.
 */
const IMPLEMENTATIONS: Record<typeof __PORTAL_TARGET__, Platform> = {
  web: webPlatform,
  desktop: webPlatform,
};

/** Where the renderer runs. The only value in the renderer that differs between web and desktop. */
export const platform: Platform = IMPLEMENTATIONS[__PORTAL_TARGET__];
