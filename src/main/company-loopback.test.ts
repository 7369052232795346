import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENGLISH_TEXTS } from './desktop-language';
import { companySignInInSystemBrowser } from './company-loopback';
import { systemBrowser, until } from './system-browser-double';

const SERVER = 'https://portal.example.com';

describe('company sign-in in the system browser (RFC 8252 loopback with PKCE)', () => {
  it("opens the organization's /{orgId}/sso with the port, a state and an S256 challenge, and answers the hand-off with its verifier", async () => {
    const browser = systemBrowser('/sso/callback');
    const answer = companySignInInSystemBrowser({ serverOrigin: SERVER, path: '/skyline/sso?connection=7d444840-9dc0-11d1-b245-5ffdce74fad2&login_hint=nina%40skyline.test', openExternal: browser.openExternal, appName: 'Suite Chat', texts: ENGLISH_TEXTS });
    await until(() => browser.opened.length > 0);
    const page = browser.page();
    expect(page.origin + page.pathname).toBe(`${SERVER}/skyline/sso`);
    expect(page.searchParams.get('login_hint')).toBe('nina@skyline.test');
    expect(page.searchParams.get('code_challenge_method')).toBe('S256');
    const state = page.searchParams.get('state')!;

    // Whoever does not know the state is not listened to.
    expect((await browser.returnTo({ state: 'guessed', handoff: 'h'.repeat(43) })).status).toBe(404);
    const back = await browser.returnTo({ state, handoff: 'h'.repeat(43) });
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('Go back to Suite Chat');
    const { handoff, codeVerifier } = await answer;
    expect(handoff).toBe('h'.repeat(43));
    expect(createHash('sha256').update(codeVerifier!).digest('base64url')).toBe(page.searchParams.get('code_challenge'));
  });

  it('opens nothing for a path that is not a company sign-in start, and answers nothing when time runs out', async () => {
    const browser = systemBrowser('/sso/callback');
    for (const path of ['https://evil.example/sso', '//evil.example/acme/sso', '/acme/sso/../../admin', '/auth/ms/login']) {
      expect(await companySignInInSystemBrowser({ serverOrigin: SERVER, path, openExternal: browser.openExternal, appName: 'Suite Chat', texts: ENGLISH_TEXTS }), path).toEqual({ handoff: null, codeVerifier: null });
    }
    expect(browser.opened).toEqual([]);
    expect(await companySignInInSystemBrowser({ serverOrigin: SERVER, path: '/acme/sso', openExternal: browser.openExternal, appName: 'Suite Chat', texts: ENGLISH_TEXTS, timeoutMs: 50 })).toEqual({ handoff: null, codeVerifier: null });
  });
});
