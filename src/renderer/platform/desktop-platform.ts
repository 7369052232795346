import type { BuildInfo, DesktopBridge, UpdateState } from '../../shared/bridge';
import { unwrapResult } from '../../shared/bridge/envelope';
import { isLanguage } from '../../shared/i18n/languages';
import type { OperatingSystem } from './device-kind';
import type { Platform, PlatformNotice, PlatformServiceWorker, PlatformUpdates, ThemeChoice } from './platform';

/** The cookie that is the session token lives in the main process's vault (the OS keychain); the rest in storage. */
const TOKEN_COOKIE = 'ubs_token';
/** The desktop app has no cookie jar shared with the product hosts: the other portal cookies are local values. */
const localCookieKey = (name: string) => `cookie:${name}`;

export const KEYCHAIN_UNAVAILABLE_NOTICE =
  "Your sign-in could not be saved in this computer's keychain, so you will have to sign in again the next time you open the app.";

/** Node's process.platform of the app, as the downloads name operating systems. */
const DESKTOP_OS: Record<string, OperatingSystem> = { win32: 'windows', darwin: 'mac', linux: 'linux' };

/**
 * Tells main the language the portal shows, now and at each change, so the app's menus and dialogs follow it
 * (`app:set-language`; main keeps the system's language until then). It watches `<html lang>`, which
 * i18n/index.ts's `showLanguage` sets for every language shown; never the pseudo-locale, which main does not have.
 */
function followLanguage(bridge: DesktopBridge): void {
  if (typeof document === 'undefined' || typeof MutationObserver === 'undefined') return;
  const root = document.documentElement;
  const tell = () => {
    if (isLanguage(root.lang)) void bridge.appSetLanguage({ language: root.lang }).catch(() => undefined);
  };
  tell();
  new MutationObserver(tell).observe(root, { attributes: true, attributeFilter: ['lang'] });
}

/** A value several parts of the screen can watch. */
function observable<T>(initial: T) {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    current: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener(value);
    },
    subscribe(listener: (value: T) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * The portal inside the desktop shell: every desktop fact comes from main through `window.desktop` (the preload's
 * named functions). `start()` loads the build info, the stored token and the update state before the app boots,
 * so the synchronous parts of the Platform interface can answer from memory.
 */
export function createDesktopPlatform(bridge: DesktopBridge) {
  let info: BuildInfo | null = null;
  let token: string | null = null;
  let deviceToken: string | null = null;
  let theme: ThemeChoice = 'system';
  const notice = observable<string | null>(null);
  const updates = observable<UpdateState>({ status: 'idle' });
  const buildInfo = () => {
    if (!info) throw new Error('The desktop platform was used before start() finished.');
    return info;
  };
  /** Held in memory at once (the connection reads it), kept in the keychain when the vault answers. */
  const saveToken = async (value: string): Promise<{ persistent: boolean }> => {
    token = value;
    const result = await bridge.vaultSetToken({ token: value }).catch(() => null);
    const persistent = result !== null && result.ok && result.data.persistent;
    if (!persistent) notice.set(KEYCHAIN_UNAVAILABLE_NOTICE);
    return { persistent };
  };

  return {
    async start() {
      info = unwrapResult(await bridge.appBuildInfo());
      token = unwrapResult(await bridge.vaultGetToken()).token;
      // Without it the next sign-in asks for the second factor again: never a reason not to start.
      const device = await bridge.vaultGetDeviceToken().catch(() => null);
      if (device?.ok) deviceToken = device.data.token;
      const remembered = await bridge.settingsGetTheme();
      if (remembered.ok) theme = remembered.data;
      followLanguage(bridge);
      bridge.onUpdatesStateChanged((state) => updates.set(state));
      const state = await bridge.updatesGetState();
      if (state.ok) updates.set(state.data);
    },
    serverOrigin: () => buildInfo().serverOrigin,
    deviceKind: () => 'desktop',
    inAppBrowser: () => false,
    operatingSystem: () => DESKTOP_OS[buildInfo().platform] ?? null,
    get flavor() {
      return buildInfo().flavor;
    },
    cookies: {
      get: (name) => (name === TOKEN_COOKIE ? token : localStorage.getItem(localCookieKey(name))),
      // Lifetime and domain are cookie matters: the vault keeps the token until logout.
      set: (name, value, _options) => {
        if (name === TOKEN_COOKIE) void saveToken(value);
        else localStorage.setItem(localCookieKey(name), value);
      },
      remove: (name, _options) => {
        if (name !== TOKEN_COOKIE) return localStorage.removeItem(localCookieKey(name));
        token = null;
        void bridge.vaultClear();
      },
    },
    // Lifetime and domain are cookie matters: the vault keeps the token until logout.
    saveToken: (value, _options) => saveToken(value),
    deviceToken: () => deviceToken,
    saveDeviceToken: async (value) => {
      deviceToken = value;
      const result = await bridge.vaultSetDeviceToken({ token: value }).catch(() => null);
      return { persistent: result !== null && result.ok && result.data.persistent };
    },
    redirect: (url) => {
      // Portal paths load in this window; anything else is a product page, which main routes (new window or browser).
      const target = new URL(url, window.location.href);
      if (target.origin === window.location.origin) window.location.assign(target.href);
      else window.open(target.href, '_blank', 'noopener');
    },
    launchProduct: async ({ product, orgId }) => {
      unwrapResult(await bridge.productsLaunch({ product, orgId }));
      return { portalStays: true };
    },
    loginFacts: () => ({ appVersion: buildInfo().version }),
    loginEmailFacts: () => ({ appType: buildInfo().flavor === 'chat' ? 'superChat' : 'superTrack' }),
    openMicrosoftPopup: async (url) => {
      const answer = unwrapResult(await bridge.authMicrosoftPopup({ url }));
      if (answer.code && answer.state) return { outcome: 'code', code: answer.code, state: answer.state, iss: answer.iss };
      if (answer.error) return { outcome: 'error', error: answer.error, description: answer.errorDescription };
      return { outcome: 'closed' };
    },
    finishMicrosoftPopup: () => false,
    passkeyInSystemBrowser: async () => {
      const { code, codeVerifier } = unwrapResult(await bridge.authPasskeyBrowser());
      return code && codeVerifier ? { code, codeVerifier } : null;
    },
    companySignInInSystemBrowser: async (path) => {
      const { handoff, codeVerifier } = unwrapResult(await bridge.authCompanyBrowser({ path }));
      return handoff && codeVerifier ? { handoff, codeVerifier } : null;
    },
    reload: () => window.location.reload(),
    notice: { current: notice.current, subscribe: notice.subscribe } satisfies PlatformNotice,
    updates: {
      current: updates.current,
      subscribe: updates.subscribe,
      restart: async () => {
        unwrapResult(await bridge.updatesRestart());
      },
    } satisfies PlatformUpdates,
    // The choice lives in the app's settings; main applies it to nativeTheme, so prefers-color-scheme follows it.
    themeSetting: {
      current: () => theme,
      set: (choice) => {
        theme = choice;
        void bridge.settingsSetTheme({ theme: choice });
      },
    },
    // The desktop apps update through their own updater, never a service worker.
    serviceWorker: { start: () => undefined, checkForUpdate: () => undefined, status: () => 'not-used' } satisfies PlatformServiceWorker,
    appVersion: () => ({ version: buildInfo().version, build: `${buildInfo().commit} ${buildInfo().buildDate}` }),
    openExternal: (link, _url) => void bridge.linksOpen({ link }),
  } satisfies Platform;
}
