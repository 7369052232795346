/** The HTTP calls of spec section 7, plus the portal's runtime configuration. Paths are fixed. */
export const HTTP_ROUTES = {
  /** POST: sign-in for a third-party application (OAuth style). */
  oauth2Login: '/oauth2/login',
  /** GET: name and logo of the third-party application of an authorize link. */
  oauth2AppInfo: '/oauth2/app-info',
  /** GET: opened in a 400 by 600 popup; starts Microsoft sign-in (query `binding`, and `loopback` from the desktop's system browser). */
  msLogin: '/auth/ms/login',
  /** The portal page Microsoft returns to with `code` and `state` (the redirect URI to register in Microsoft Entra). */
  msCallback: '/auth/ms/callback',
  /** POST: redeem a sign-in's `deviceGrant` into the HttpOnly `portal_device` cookie (trusted devices, issue 23 §3). */
  deviceTrust: '/device-trust',
  /** GET: where every company's OpenID provider returns to (the redirect URI an admin registers there). */
  ssoOidcCallback: '/sso/oidc/callback',
  /** The portal page that finishes a company sign-in (`#handoff=…`): ssoLogin, then the next step. */
  ssoComplete: '/sso/complete',
  /** GET: the portal's runtime configuration (product hosts, cookie domain). */
  portalConfig: '/portal-config.json',
} as const;

/** GET: starts an organization's company sign-in (bookmarks, the sign-in page's "Continue with … sign-in"). */
export const ssoStartPath = (orgId: string) => `/${encodeURIComponent(orgId)}/sso`;

/**
 * The id of the element in the web portal's page that carries the portal config (a JSON data block the account server
 * writes into index.html), so the sign-in screen paints without waiting for GET /portal-config.json.
 */
export const PORTAL_CONFIG_ELEMENT_ID = 'portal-config';

/** The WebSocket origin of an http(s) origin (`https://host` → `wss://host`): where the portal's socket connects. */
export const socketOriginOf = (httpOrigin: string): string => httpOrigin.replace(/^http/, 'ws');

/** The session's token cookie (spec section 3), shared with the product hosts: present means signed in. */
export const TOKEN_COOKIE = 'ubs_token';

/**
 * The sign-in screen prerendered by the web build (build-prerender.ts, from src/renderer/app/login-shell.tsx), in a
 * file of this name beside index.html: the server writes it into /login's page for a visitor who is not signed in,
 * `microsoft` where Microsoft sign-in is configured, and the page's title with it.
 */
export const LOGIN_SHELLS_FILE = 'login-shell.json';
export interface LoginShells {
  plain: string;
  microsoft: string;
  /** The document title the renderer gives /login ("Sign In · Suite Portal"), plain text. */
  title: string;
  /** The same screen in each other language the portal speaks (issue 26), by language code. */
  languages?: Record<string, { plain: string; microsoft: string; title: string }>;
}

export { isWebUrl, parsePortalConfig, type PortalConfig, type SupportContact } from './portal-config.ts';
