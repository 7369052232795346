import { readCookie, serializeCookie } from './cookie-string';
import { detectDeviceKind } from './device-kind';
import { finishMicrosoftPopup, openMicrosoftPopup } from './microsoft-popup';
import type { Platform } from './platform';

const isHttps = () => window.location.protocol === 'https:';

/** The portal in a browser: the account server is the page's own origin. */
export const webPlatform = {
  serverOrigin: () => window.location.origin,
  deviceKind: () => detectDeviceKind({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0, desktopShell: false }),
  flavor: 'web',
  cookies: {
    get: (name) => readCookie(document.cookie, name),
    set: (name, value, options) => {
      document.cookie = serializeCookie(name, value, { ...options, secure: isHttps() });
    },
    remove: (name, { domain }) => {
      // Clear both the shared-domain and the host-only copy: either may exist, depending on who wrote it.
      document.cookie = serializeCookie(name, '', { maxAgeSeconds: 0, domain: null, secure: isHttps() });
      if (domain) document.cookie = serializeCookie(name, '', { maxAgeSeconds: 0, domain, secure: isHttps() });
    },
  },
  redirect: (url) => window.location.assign(url),
  openMicrosoftPopup,
  finishMicrosoftPopup,
  reload: () => window.location.reload(),
} satisfies Platform;
