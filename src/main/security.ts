import { socketOriginOf } from '../shared/protocol/http';
import { isOnOrigin, originOf } from './origins';

/** The origins a window may show: the renderer itself, the account server and the product hosts. */
export type AllowedOrigins = () => readonly string[];

/** webPreferences every window of the app gets (checklist: context isolation, sandbox, no Node integration). */
export const HARDENED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  spellcheck: false,
} as const;

/** Navigation policy: only http(s) or the app's own scheme, and only to an allowed origin. */
export function isNavigationAllowed(url: string, allowed: readonly string[]): boolean {
  return isOnOrigin(url, allowed);
}

/** What `setWindowOpenHandler` answers: a hardened child window for allowed origins (no preload), else nothing. */
export type WindowOpenDecision =
  | { action: 'deny' }
  | { action: 'allow'; overrideBrowserWindowOptions: { autoHideMenuBar: boolean; webPreferences: typeof HARDENED_WEB_PREFERENCES } };

/** New-window policy: allowed origins get a hardened window without the preload; everything else is denied. */
export function decideWindowOpen(url: string, allowed: readonly string[]): WindowOpenDecision {
  if (!isOnOrigin(url, allowed) || !/^https?:$/.test(new URL(url).protocol)) return { action: 'deny' };
  return { action: 'allow', overrideBrowserWindowOptions: { autoHideMenuBar: true, webPreferences: HARDENED_WEB_PREFERENCES } };
}

/** The renderer's Content-Security-Policy: its own scripts and styles only; network to the account server only. */
export function rendererCsp(serverOrigin: string): string {
  const server = originOf(serverOrigin) ?? serverOrigin;
  const socket = socketOriginOf(server);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob: https: ${server}`,
    "font-src 'self'",
    `connect-src 'self' ${server} ${socket}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The parts of Electron's WebContents the policies attach to. */
export interface WebContentsLike {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void; url?: string }, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => WindowOpenDecision): void;
}

/** Where one WebContents may go and what it may open. */
export interface ContentsPolicy {
  navigation(url: string): boolean;
  windowOpen(url: string): WindowOpenDecision;
}

/** The app's windows: the renderer, the account server and the product hosts. */
export function appPolicy(allowedOrigins: AllowedOrigins): ContentsPolicy {
  return { navigation: (url) => isNavigationAllowed(url, allowedOrigins()), windowOpen: (url) => decideWindowOpen(url, allowedOrigins()) };
}

/**
 * The Microsoft sign-in popup walks through the identity provider's pages (login.microsoftonline.com, login.live.com,
 * a company's own federation server), so it may go to any https page and back to the account server; it has no
 * preload, its own in-memory session and may open nothing.
 */
export function popupPolicy(serverOrigin: string): ContentsPolicy {
  return {
    navigation: (url) => isOnOrigin(url, [serverOrigin]) || /^https:\/\//.test(url),
    windowOpen: () => ({ action: 'deny' }),
  };
}

/**
 * Attaches the navigation, redirect, new-window and webview policies to one WebContents. Called for every
 * WebContents the app creates (app 'web-contents-created'), so child windows inherit them.
 */
export function hardenWebContents(contents: WebContentsLike, policy: ContentsPolicy, onBlocked: (url: string) => void = () => undefined): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (policy.navigation(url)) return;
    event.preventDefault();
    onBlocked(url);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = policy.windowOpen(url);
    if (decision.action === 'deny') onBlocked(url);
    return decision;
  });
}

/** The session handlers that deny every permission request and check (camera, notifications, geolocation …). */
export interface SessionPermissionsLike {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
}

/** Permission requests are denied by default; `allowed` lists the few a flavor needs (none today). */
export function denyPermissions(session: SessionPermissionsLike, allowed: readonly string[] = []): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(allowed.includes(permission)));
  session.setPermissionCheckHandler((_contents, permission) => allowed.includes(permission));
}

/**
 * The renderer (served from app://portal) reads the account server cross-origin; the server's socket.io,
 * /portal-config.json and /device-trust do not send CORS headers, so main adds them for the app's origin on the
 * server's replies only (preflights included: Electron's webRequest sees them). Returns the headers to answer with, or null to leave the reply as it is.
 */
export function withAppCors(
  responseUrl: string,
  headers: Record<string, string[]> | undefined,
  serverOrigin: string,
  appOrigin: string,
): Record<string, string[]> | null {
  if (!isOnOrigin(responseUrl, [serverOrigin])) return null;
  const kept = Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => !name.toLowerCase().startsWith('access-control-allow-')));
  // Methods and headers answer the preflight of a JSON POST (the trusted-device grant at /device-trust).
  return {
    ...kept,
    'Access-Control-Allow-Origin': [appOrigin],
    'Access-Control-Allow-Credentials': ['true'],
    'Access-Control-Allow-Methods': ['GET, POST'],
    'Access-Control-Allow-Headers': ['content-type'],
    Vary: ['Origin'],
  };
}
