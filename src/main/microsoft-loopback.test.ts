import type { MicrosoftAnswer } from '../shared/bridge/channels';
import { describe, expect, it } from 'vitest';
import { ENGLISH_TEXTS } from './desktop-language';
import { createDesktopMicrosoftSignIn, EMBEDDED_WINDOW_REFUSED, refusesEmbeddedWindow, signInWithSystemBrowser } from './microsoft-loopback';
import { NO_ANSWER } from './microsoft-popup';

const SERVER = 'https://portal.example.com';
const START = `${SERVER}/auth/ms/login?binding=b1nding`;

/** Plays the system browser: remembers the URL it was asked to open, and later visits the loopback callback. */
function systemBrowser() {
  const opened: string[] = [];
  return {
    opened,
    openExternal: async (url: string) => {
      opened.push(url);
    },
    /** The provider sending the browser back to the loopback redirect URI the server asked for. */
    async returnTo(query: string) {
      const port = new URL(opened[0]!).searchParams.get('loopback');
      return fetch(`http://127.0.0.1:${port}/auth/ms/callback?${query}`);
    },
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('Microsoft sign-in in the system browser (RFC 8252 loopback)', () => {
  it('opens the server login with loopback={port} and answers the code and state the browser brings back', async () => {
    const browser = systemBrowser();
    const answer = signInWithSystemBrowser({ url: START, serverOrigin: SERVER, openExternal: browser.openExternal, appName: 'Suite Chat', texts: ENGLISH_TEXTS });
    await until(() => browser.opened.length > 0);
    const opened = new URL(browser.opened[0]!);
    expect(opened.origin + opened.pathname).toBe(`${SERVER}/auth/ms/login`);
    expect(opened.searchParams.get('binding')).toBe('b1nding');
    expect(Number(opened.searchParams.get('loopback'))).toBeGreaterThan(1023);

    expect((await browser.returnTo('nothing=here')).status).toBe(404);
    const page = await browser.returnTo('code=c0de&state=st4te');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Go back to Suite Chat');
    await expect(answer).resolves.toEqual({ ...NO_ANSWER, code: 'c0de', state: 'st4te' });
    // One answer only: the listener is gone.
    await expect(browser.returnTo('code=again&state=st4te')).rejects.toThrow();
  });

  it("answers the provider's error, and nothing after the time allowed", async () => {
    const browser = systemBrowser();
    const refused = signInWithSystemBrowser({ url: START, serverOrigin: SERVER, openExternal: browser.openExternal, appName: 'Suite Track', texts: ENGLISH_TEXTS });
    await until(() => browser.opened.length > 0);
    expect(await (await browser.returnTo('error=access_denied&state=s')).text()).toContain('did not finish');
    await expect(refused).resolves.toMatchObject({ code: null, error: 'access_denied' });

    await expect(signInWithSystemBrowser({ url: START, serverOrigin: SERVER, openExternal: async () => undefined, appName: 'Suite Chat', texts: ENGLISH_TEXTS, timeoutMs: 50 })).resolves.toEqual(NO_ANSWER);
  });

  it('never sends the browser anywhere but the account server', async () => {
    const browser = systemBrowser();
    await expect(signInWithSystemBrowser({ url: 'https://evil.example/auth/ms/login', serverOrigin: SERVER, openExternal: browser.openExternal, appName: 'Suite Chat', texts: ENGLISH_TEXTS })).rejects.toThrow(/account server/);
    expect(browser.opened).toEqual([]);
  });
});

describe('popup first, system browser where the provider refuses the popup', () => {
  it('tells a refusal of the embedded window from a cancel or a plain error', () => {
    expect(refusesEmbeddedWindow({ ...NO_ANSWER, error: EMBEDDED_WINDOW_REFUSED })).toBe(true);
    expect(refusesEmbeddedWindow({ ...NO_ANSWER, error: 'access_denied', errorDescription: 'AADSTS53003: Access has been blocked by Conditional Access policies.' })).toBe(false);
    expect(refusesEmbeddedWindow({ ...NO_ANSWER, error: 'invalid_request', errorDescription: 'AADSTS53000: Device is not in required device state.' })).toBe(true);
    expect(refusesEmbeddedWindow({ ...NO_ANSWER, error: 'invalid_request', errorDescription: 'AADSTS50011: redirect URI mismatch' })).toBe(false);
    expect(refusesEmbeddedWindow(NO_ANSWER)).toBe(false);
    expect(refusesEmbeddedWindow({ ...NO_ANSWER, code: 'c', state: 's' })).toBe(false);
  });

  it('uses the system browser only after a refused popup', async () => {
    const calls: string[] = [];
    const fromBrowser = { ...NO_ANSWER, code: 'browser-code', state: 's' };
    let popupAnswer: MicrosoftAnswer = { ...NO_ANSWER, error: EMBEDDED_WINDOW_REFUSED };
    const signIn = createDesktopMicrosoftSignIn({
      popup: async (url) => (calls.push(`popup ${url}`), popupAnswer),
      systemBrowser: async (url) => (calls.push(`browser ${url}`), fromBrowser),
    });
    await expect(signIn(START)).resolves.toBe(fromBrowser);
    expect(calls).toEqual([`popup ${START}`, `browser ${START}`]);

    calls.length = 0;
    popupAnswer = NO_ANSWER;
    await expect(signIn(START)).resolves.toEqual(NO_ANSWER);
    expect(calls).toEqual([`popup ${START}`]);
  });
});
