import type { DesktopFlavor } from '../shared/bridge';
import { productUrl, type ProductKey } from '../shared/products';
import type { PortalConfig } from '../shared/protocol';
import { FLAVORS } from './flavor';

/** Where a product opens, and with what. */
export type LaunchPlan = { openIn: 'app-window'; url: string } | { openIn: 'browser'; url: string };

/**
 * Product routing per flavor (spec section 4, Next button): the chat app opens Chat on the chat host in its own
 * window; the track app opens Project on the time-tracking host in its own window and hands it the token and orgId
 * in the URL fragment (`#token=…&orgId=…`: a fragment never reaches a server, a log or a Referer); every other
 * product opens in the system browser.
 */
export function planLaunch(input: {
  flavor: DesktopFlavor;
  product: ProductKey;
  orgId: string;
  hosts: Pick<PortalConfig, 'productUrls' | 'trackUrl'>;
  token: string | null;
}): LaunchPlan {
  const { flavor, product, orgId, hosts, token } = input;
  if (product !== FLAVORS[flavor].inAppProduct) return { openIn: 'browser', url: productUrl(hosts.productUrls[product], product, orgId) };
  if (flavor === 'chat') return { openIn: 'app-window', url: productUrl(hosts.productUrls.chat, 'chat', orgId) };
  const handOver = new URLSearchParams({ orgId });
  if (token) handOver.set('token', token);
  return { openIn: 'app-window', url: `${productUrl(hosts.trackUrl, 'pms', orgId)}#${handOver.toString()}` };
}

/** Spec section 9: the token cookie lives 90 days. */
const TOKEN_COOKIE_SECONDS = 90 * 24 * 60 * 60;

/** The `ubs_token` cookie a product page in the app's window reads, as the web portal shares it with the product hosts. */
export interface TokenCookie {
  url: string;
  name: 'ubs_token';
  value: string;
  domain?: string;
  path: '/';
  secure: boolean;
  sameSite: 'lax';
  expirationDate: number;
}

/** The token cookie for a product page opened in the app's window; null without a token. */
export function tokenCookieFor(url: string, token: string | null, cookieDomain: string | null, nowSeconds: number): TokenCookie | null {
  if (!token) return null;
  const { origin, protocol } = new URL(url);
  return {
    url: origin,
    name: 'ubs_token',
    value: token,
    ...(cookieDomain ? { domain: cookieDomain } : {}),
    path: '/',
    secure: protocol === 'https:',
    sameSite: 'lax',
    expirationDate: Math.floor(nowSeconds) + TOKEN_COOKIE_SECONDS,
  };
}

/** The product launcher behind `products:launch`, with Electron's pieces passed in. */
export function createProductLauncher(deps: {
  flavor: DesktopFlavor;
  hosts: () => Promise<Pick<PortalConfig, 'productUrls' | 'trackUrl' | 'cookieDomain'>>;
  token: () => Promise<string | null>;
  openInAppWindow: (url: string) => Promise<void>;
  openExternal: (url: string) => Promise<void>;
  /** Sets a cookie in the app's session (Electron's session.cookies.set). */
  setCookie: (cookie: TokenCookie) => Promise<void>;
  now?: () => number;
}) {
  return async function launch(input: { product: ProductKey; orgId: string }): Promise<{ openedIn: LaunchPlan['openIn'] }> {
    const hosts = await deps.hosts();
    const token = await deps.token();
    const plan = planLaunch({ flavor: deps.flavor, ...input, hosts, token });
    if (plan.openIn === 'app-window') {
      const cookie = tokenCookieFor(plan.url, token, hosts.cookieDomain, (deps.now ?? Date.now)() / 1000);
      if (cookie) await deps.setCookie(cookie);
      await deps.openInAppWindow(plan.url);
    } else await deps.openExternal(plan.url);
    return { openedIn: plan.openIn };
  };
}
