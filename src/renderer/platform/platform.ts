import type { MicrosoftPopupResult } from './microsoft-popup';
import type { UpdateState } from '../../shared/bridge';
import type { ProductKey } from '../../shared/products';
import type { OperatingSystem } from './device-kind';

/** The kinds of device the client reports as `platform` (spec section 1). */
export type DeviceKind = 'desktop' | 'mobile' | 'web';

/** Which app the portal runs in: the browser, the desktop chat app or the desktop time-tracking app. */
export type Flavor = 'web' | 'chat' | 'track';

export interface CookieWriteOptions {
  /** Seconds until the cookie expires. */
  maxAgeSeconds: number;
  /** Shared parent domain, or null for a host-only cookie. */
  domain: string | null;
}

/** Cookies as the portal uses them: path=/, SameSite=Lax, Secure on https. */
export interface PlatformCookies {
  get(name: string): string | null;
  set(name: string, value: string, options: CookieWriteOptions): void;
  remove(name: string, options: { domain: string | null }): void;
}

/** A message about the session the screen shows while it is set (e.g. the keychain could not be reached). */
export interface PlatformNotice {
  current(): string | null;
  subscribe(listener: (notice: string | null) => void): () => void;
}

/** The app's own updates: the desktop shell's updater; in a browser always idle (the service worker reloads instead). */
export interface PlatformUpdates {
  current(): UpdateState;
  subscribe(listener: (state: UpdateState) => void): () => void;
  /** Restarts into the downloaded version. */
  restart(): Promise<void>;
}

/** The Light/Dark choice: explicit, or following the operating system until the user chooses. */
export type ThemeChoice = 'light' | 'dark' | 'system';

/** Where the Light/Dark choice is remembered: local storage on the web, the app's settings on the desktop. */
export interface PlatformThemeSetting {
  current(): ThemeChoice;
  set(choice: ThemeChoice): void;
}

/** What the service worker is doing, as Troubleshooting shows it. */
export type ServiceWorkerStatus = 'unsupported' | 'not-used' | 'starting' | 'active' | 'update-ready' | 'failed';

/** The web portal's service worker; the desktop apps have none (their updater replaces it). */
export interface PlatformServiceWorker {
  /**
   * Registers it (once). `onUpdateReady(apply)` is called when a newly deployed version is installed and waiting;
   * `apply()` switches to it and reloads the page.
   */
  start(onUpdateReady: (apply: () => void) => void): void;
  /** Asks the server whether a new version was deployed (cheap: the worker script is revalidated). */
  checkForUpdate(): void;
  status(): ServiceWorkerStatus;
}

/** The deployment's links of the menu (portal config: helpVideoUrl, documentsUrl, support). */
export type ExternalLink = 'helpVideo' | 'documents' | 'support';

/** The version the user runs: the portal's (web) or the app's (desktop), and the build it came from. */
export interface AppVersion {
  version: string;
  build: string;
}

/** One product of one organization, and the URL the browser would open for it. */
export interface ProductLaunch {
  product: ProductKey;
  orgId: string;
  url: string;
}

/**
 * Everything the renderer needs from where it runs. The rest of the renderer talks to this interface only,
 * so it never has to ask whether it is in a browser or in the desktop shell.
 */
export interface Platform {
  /**
   * Loads what the platform needs before the app boots (the desktop shell's build info, token and update state);
   * null when there is nothing to wait for (the web), so start-up can finish before the first render.
   */
  start(): Promise<void> | null;
  /** Origin of the account server (socket.io and HTTP calls). */
  serverOrigin(): string;
  /** What to send as `platform` when signing in. */
  deviceKind(): DeviceKind;
  /** A browser embedded in a mobile app (sign-up links are hidden there); never in the desktop shell. */
  inAppBrowser(): boolean;
  /** The operating system, for the downloads (the visitor's platform first); null when unknown. */
  operatingSystem(): OperatingSystem | null;
  /** Decides the default product and whether product tiles are offered. */
  flavor: Flavor;
  cookies: PlatformCookies;
  /**
   * Keeps the session token (`ubs_token`): the cookie on the web (written before this returns), the OS keychain in
   * the desktop apps (settled when the promise is). `persistent: false` when the keychain could not be reached: the
   * token is kept for this run only and the notice says so.
   */
  saveToken(token: string, options: CookieWriteOptions): Promise<{ persistent: boolean }>;
  /**
   * The trusted-device token a desktop app keeps in its keychain and sends in the socket handshake; null in a browser,
   * whose token is the HttpOnly `portal_device` cookie no script can read.
   */
  deviceToken(): string | null;
  /**
   * Keeps the trusted-device token `/device-trust` returned to a desktop app (the keychain; held in memory when it
   * cannot be reached). A browser is never given one (the cookie is set by the server) and keeps nothing.
   */
  saveDeviceToken(token: string): Promise<{ persistent: boolean }>;
  /** Leave the portal for a URL (a product host), or load a portal path afresh. */
  redirect(url: string): void;
  /** Runs Microsoft sign-in starting at `url` (the server's /auth/ms/login); resolves with how the window ended. */
  openMicrosoftPopup(url: string): Promise<MicrosoftPopupResult>;
  /**
   * The desktop apps run the passkey ceremony in the system browser (its embedded view cannot always reach the
   * platform's authenticators): resolves with the server's single-use code and the PKCE verifier to redeem it with
   * (`passkeyDesktopLogin`), or null when the browser page was cancelled or nothing came back. Null in a browser, which
   * runs the ceremony itself.
   */
  passkeyInSystemBrowser: (() => Promise<{ code: string; codeVerifier: string } | null>) | null;
  /**
   * The desktop apps run a company's own sign-in in the system browser from the portal's `/{orgId}/sso` (`path`):
   * resolves with the portal's single-use hand-off and the PKCE verifier that redeems it (`ssoLogin`), or null when
   * nothing came back. Null in a browser, which goes to the provider itself.
   */
  companySignInInSystemBrowser: ((path: string) => Promise<{ handoff: string; codeVerifier: string } | null>) | null;
  /**
   * Called once at start-up: when this window is the Microsoft sign-in popup back on /auth/ms/callback, it hands the
   * answer (code and state, or the provider's error) to the opener and closes, and returns true so the app does not
   * start in it.
   */
  finishMicrosoftPopup(): boolean;
  /** Load the current page again. */
  reload(): void;
  /**
   * Opens a product of an organization (Next button): the browser leaves for `url`; the desktop shell routes it to
   * a window of its own or the system browser. Resolves with whether the portal is still on screen afterwards.
   */
  launchProduct(launch: ProductLaunch): Promise<{ portalStays: boolean }>;
  /** Extra fields of the `login` payload: `appVersion` in the desktop apps. */
  loginFacts(): { appVersion?: string };
  /** Extra fields of the `loginEmail` payload: `appType` superChat or superTrack in the desktop apps. */
  loginEmailFacts(): { appType?: 'superChat' | 'superTrack' };
  notice: PlatformNotice;
  updates: PlatformUpdates;
  themeSetting: PlatformThemeSetting;
  serviceWorker: PlatformServiceWorker;
  appVersion(): AppVersion;
  /**
   * Opens one of the deployment's links (portal config) in a new tab, or in the system browser from the desktop
   * apps, where main resolves the link by name from the server's configuration (it never opens a renderer's URL).
   */
  openExternal(link: ExternalLink, url: string): void;
}
