import { describe, expect, it } from 'vitest';
import { PRODUCT_KEYS } from '../shared/products';
import { createProductLauncher, planLaunch, tokenCookieFor } from './product-launch';

const hosts = {
  productUrls: Object.fromEntries(PRODUCT_KEYS.map((key) => [key, `https://${key}.example.com`])) as Record<(typeof PRODUCT_KEYS)[number], string>,
  trackUrl: 'https://track.example.com',
};

describe('product routing per flavor', () => {
  it('chat app: Chat opens the chat host in the app window; every other product in the browser', () => {
    expect(planLaunch({ flavor: 'chat', product: 'chat', orgId: 'acme', hosts, token: 't' })).toEqual({ openIn: 'app-window', url: 'https://chat.example.com/acme' });
    expect(planLaunch({ flavor: 'chat', product: 'pms', orgId: 'acme', hosts, token: 't' })).toEqual({ openIn: 'browser', url: 'https://pms.example.com/acme' });
    expect(planLaunch({ flavor: 'chat', product: 'hrms', orgId: 'acme', hosts, token: 't' })).toEqual({ openIn: 'browser', url: 'https://hrms.example.com/acme/dashboard' });
  });

  it('track app: Project opens the time-tracking host in the app window with token and orgId; others in the browser', () => {
    const plan = planLaunch({ flavor: 'track', product: 'pms', orgId: 'acme', hosts, token: 'jwt.value' });
    expect(plan.openIn).toBe('app-window');
    const url = new URL(plan.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://track.example.com/acme');
    expect(url.search).toBe('');
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('token')).toBe('jwt.value');
    expect(fragment.get('orgId')).toBe('acme');
    expect(planLaunch({ flavor: 'track', product: 'chat', orgId: 'acme', hosts, token: 't' })).toEqual({ openIn: 'browser', url: 'https://chat.example.com/acme' });
  });

  it('launches through the right opener, sharing the token cookie with the product page in the app window only', async () => {
    const opened: string[] = [];
    const cookies: unknown[] = [];
    const launch = createProductLauncher({
      flavor: 'track',
      hosts: async () => ({ ...hosts, cookieDomain: '.example.com' }),
      token: async () => 'tok',
      openInAppWindow: async (url) => void opened.push(`app ${url}`),
      openExternal: async (url) => void opened.push(`browser ${url}`),
      setCookie: async (cookie) => void cookies.push(cookie),
      now: () => 1_000_000_000_000,
    });
    expect(await launch({ product: 'pms', orgId: 'globex' })).toEqual({ openedIn: 'app-window' });
    expect(await launch({ product: 'survey', orgId: 'globex' })).toEqual({ openedIn: 'browser' });
    expect(opened).toEqual(['app https://track.example.com/globex#orgId=globex&token=tok', 'browser https://survey.example.com/globex']);
    expect(cookies).toEqual([
      { url: 'https://track.example.com', name: 'ubs_token', value: 'tok', domain: '.example.com', path: '/', secure: true, sameSite: 'lax', expirationDate: 1_000_000_000 + 7_776_000 },
    ]);
  });

  it('sets no cookie without a token, and a host-only one without a cookie domain', () => {
    expect(tokenCookieFor('https://chat.example.com/acme', null, null, 0)).toBeNull();
    expect(tokenCookieFor('http://127.0.0.1:3000/products/chat/acme', 't', null, 0)).toEqual({
      url: 'http://127.0.0.1:3000',
      name: 'ubs_token',
      value: 't',
      path: '/',
      secure: false,
      sameSite: 'lax',
      expirationDate: 7_776_000,
    });
  });
});
