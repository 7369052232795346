import { readCookie, serializeCookie } from './cookie-string';
import { isInAppBrowser } from '../../shared/in-app-browser';
import { detectDeviceKind, detectOperatingSystem } from './device-kind';
import { finishMicrosoftPopup, openMicrosoftPopup } from './microsoft-popup';
import type { Platform } from './platform';
import { createServiceWorker } from './service-worker';
import { localThemeSetting } from './theme-setting';

const unchanging = <T>(value: T) => ({ current: () => value, subscribe: () => () => undefined });

const isHttps = () => window.location.protocol === 'https:';

/** The portal in a browser: the account server is the page's own origin. */
export const webPlatform = {
  start: () => null,
  serverOrigin: () => window.location.origin,
  deviceKind: () => detectDeviceKind({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0, desktopShell: false }),
  inAppBrowser: () => isInAppBrowser(navigator.userAgent),
  operatingSystem: () => detectOperatingSystem({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints ?? 0 }),
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
  saveToken: (token, options) => {
    document.cookie = serializeCookie('ubs_token', token, { ...options, secure: isHttps() });
    return Promise.resolve({ persistent: true });
  },
  // The browser's trusted-device token is the HttpOnly cookie the server sets: nothing to read or keep here.
  deviceToken: () => null,
  saveDeviceToken: () => Promise.resolve({ persistent: true }),
  redirect: (url) => window.location.assign(url),
  openMicrosoftPopup,
  finishMicrosoftPopup,
  passkeyInSystemBrowser: null,
  companySignInInSystemBrowser: null,
  reload: () => window.location.reload(),
  launchProduct: async ({ url }) => {
    window.location.assign(url);
    return { portalStays: false };
  },
  loginFacts: () => ({}),
  loginEmailFacts: () => ({}),
  notice: unchanging<string | null>(null),
  // The web portal is updated on the server; its service worker reloads the page instead.
  updates: { ...unchanging({ status: 'idle' as const }), restart: () => Promise.resolve() },
  themeSetting: localThemeSetting,
  serviceWorker: createServiceWorker(),
  appVersion: () => ({ version: __PORTAL_VERSION__, build: __PORTAL_BUILD__ }),
  openExternal: (_link, url) => void window.open(url, '_blank', 'noopener,noreferrer'),
} satisfies Platform;
