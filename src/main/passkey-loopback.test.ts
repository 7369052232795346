import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENGLISH_TEXTS } from './desktop-language';
import { passkeyInSystemBrowser } from './passkey-loopback';
import { systemBrowser, until } from './system-browser-double';

const SERVER = 'https://portal.example.com';

describe('passkey sign-in in the system browser (RFC 8252 loopback with PKCE)', () => {
  it("opens the server's /desktop-passkey page with the port, a state and an S256 challenge, and answers the code with its verifier", async () => {
    const browser = systemBrowser('/passkey/callback');
    const answer = passkeyInSystemBrowser({ serverOrigin: SERVER, openExternal: browser.openExternal, appName: 'Suite Chat', texts: ENGLISH_TEXTS });
    await until(() => browser.opened.length > 0);
    const page = browser.page();
    expect(page.origin + page.pathname).toBe(`${SERVER}/desktop-passkey`);
    expect(Number(page.searchParams.get('loopback'))).toBeGreaterThan(1023);
    expect(page.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page.searchParams.get('code_challenge_method')).toBe('S256');
    const state = page.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // Another page (or program) that does not know the state is not listened to.
    expect((await browser.returnTo({ code: 'forged.code.here', state: 'guessed' })).status).toBe(404);
    expect((await browser.returnTo({ state })).status).toBe(404);
    const back = await browser.returnTo({ code: 'eyJh.eyJz.c2ln', state });
    expect(back.status).toBe(200);
    expect(back.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(await back.text()).toContain('Go back to Suite Chat');
    const { code, codeVerifier, error } = await answer;
    expect({ code, error }).toEqual({ code: 'eyJh.eyJz.c2ln', error: null });
    // The verifier is the one whose S256 hash the page was given.
    expect(createHash('sha256').update(codeVerifier!).digest('base64url')).toBe(page.searchParams.get('code_challenge'));
    // One answer only: the listener is gone.
    await expect(browser.returnTo({ code: 'again', state })).rejects.toThrow();
  });

  it('answers a cancel from the page, nothing after the time allowed, and a fresh pair each time', async () => {
    const browser = systemBrowser('/passkey/callback');
    const cancelled = passkeyInSystemBrowser({ serverOrigin: SERVER, openExternal: browser.openExternal, appName: 'Suite Track', texts: ENGLISH_TEXTS });
    await until(() => browser.opened.length > 0);
    const page = await browser.returnTo({ error: 'access_denied', state: browser.page().searchParams.get('state')! });
    expect(await page.text()).toContain('did not finish');
    await expect(cancelled).resolves.toEqual({ code: null, codeVerifier: null, error: 'access_denied' });

    const other = systemBrowser('/passkey/callback');
    await expect(passkeyInSystemBrowser({ serverOrigin: SERVER, openExternal: other.openExternal, appName: 'Suite Chat', texts: ENGLISH_TEXTS, timeoutMs: 50 })).resolves.toEqual({ code: null, codeVerifier: null, error: null });
    expect(other.page().searchParams.get('state')).not.toBe(browser.page().searchParams.get('state'));
    expect(other.page().searchParams.get('code_challenge')).not.toBe(browser.page().searchParams.get('code_challenge'));
  });
});
