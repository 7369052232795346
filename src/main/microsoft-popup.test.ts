import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { answerOnServer, codeFrom, createMicrosoftPopup, MS_POPUP_OPTIONS, NO_ANSWER, type PopupWindowLike } from './microsoft-popup';

const SERVER = 'https://portal.example.com';

/** A BrowserWindow double: records what it loaded and lets the test play navigations and a manual close. */
class FakePopup extends EventEmitter implements PopupWindowLike {
  loaded: string[] = [];
  destroyed = false;
  focused = 0;
  contents = new EventEmitter();
  webContents = {
    on: (event: string, listener: (...args: never[]) => void) => this.contents.on(event, listener as (...args: unknown[]) => void),
    setWindowOpenHandler: () => undefined,
  };
  async loadURL(url: string) {
    this.loaded.push(url);
  }
  close() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('closed');
  }
  focus() {
    this.focused += 1;
  }
  isDestroyed() {
    return this.destroyed;
  }
  /** Plays one navigation event; answers whether it was stopped. */
  navigate(event: 'will-navigate' | 'will-redirect', url: string): boolean {
    let prevented = false;
    this.contents.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

function setup() {
  const windows: FakePopup[] = [];
  const options: unknown[] = [];
  const signIn = createMicrosoftPopup({
    serverOrigin: SERVER,
    createWindow: (o) => {
      options.push(o);
      const window = new FakePopup();
      windows.push(window);
      return window;
    },
  });
  return { signIn, windows, options };
}

describe('Microsoft popup', () => {
  it('opens a 400x600 window on its own partition without a preload at the server login path', async () => {
    const { signIn, windows, options } = setup();
    void signIn(`${SERVER}/auth/ms/login`);
    expect(windows[0]?.loaded).toEqual([`${SERVER}/auth/ms/login`]);
    expect(options[0]).toEqual(MS_POPUP_OPTIONS);
    expect(MS_POPUP_OPTIONS).toMatchObject({ width: 400, height: 600, webPreferences: { partition: 'ms-login', sandbox: true, contextIsolation: true, nodeIntegration: false } });
    expect(MS_POPUP_OPTIONS.webPreferences).not.toHaveProperty('preload');
    expect(MS_POPUP_OPTIONS.webPreferences.partition.startsWith('persist:')).toBe(false);
  });

  it('catches the redirect back to the server carrying code, stops it, closes and answers the code and state', async () => {
    const { signIn, windows } = setup();
    const answer = signIn(`${SERVER}/auth/ms/login`);
    const popup = windows[0]!;
    expect(popup.navigate('will-navigate', 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize?code_challenge=x')).toBe(false);
    expect(popup.navigate('will-redirect', `${SERVER}/auth/ms/callback?code=M.C123&state=s`)).toBe(true);
    expect(popup.destroyed).toBe(true);
    await expect(answer).resolves.toEqual({ ...NO_ANSWER, code: 'M.C123', state: 's' });
  });

  it("answers the provider's error (a cancelled sign-in) instead of a code", async () => {
    const { signIn, windows } = setup();
    const answer = signIn(`${SERVER}/auth/ms/login`);
    expect(windows[0]!.navigate('will-redirect', `${SERVER}/auth/ms/callback?error=access_denied&error_description=User+cancelled&state=s`)).toBe(true);
    await expect(answer).resolves.toEqual({ ...NO_ANSWER, error: 'access_denied', errorDescription: 'User cancelled', state: 's' });
    expect(answerOnServer(`${SERVER}/auth/ms/callback?code=c&state=s&iss=https%3A%2F%2Fidp.example`, SERVER)).toMatchObject({ code: 'c', iss: 'https://idp.example' });
  });

  it('ignores a code on another origin', () => {
    expect(codeFrom('https://evil.example/cb?code=stolen', SERVER)).toBeNull();
    expect(codeFrom(`${SERVER}/auth/ms/callback?state=1`, SERVER)).toBeNull();
  });

  it('answers nothing when the user closes the popup by hand', async () => {
    const { signIn, windows } = setup();
    const answer = signIn(`${SERVER}/auth/ms/login`);
    windows[0]!.close();
    await expect(answer).resolves.toEqual(NO_ANSWER);
  });

  it('focuses the open popup on a second request instead of opening another', async () => {
    const { signIn, windows } = setup();
    const first = signIn(`${SERVER}/auth/ms/login`);
    const second = signIn(`${SERVER}/auth/ms/login`);
    expect(windows).toHaveLength(1);
    expect(windows[0]!.focused).toBe(1);
    windows[0]!.navigate('will-navigate', `${SERVER}/auth/ms/callback?code=abc`);
    const [one, two] = await Promise.all([first, second]);
    expect(one.code).toBe('abc');
    expect(two).toBe(one);
  });

  it("closes and reports a refused embedded window when the provider's page does not load in it", async () => {
    const { signIn, windows } = setup();
    const answer = signIn(`${SERVER}/auth/ms/login`);
    const popup = windows[0]!;
    // Our own stop of the code redirect (-3) and a failed subframe are not refusals.
    popup.contents.emit('did-fail-load', {}, -3, 'ERR_ABORTED', 'https://login.microsoftonline.com/x', true);
    popup.contents.emit('did-fail-load', {}, -105, 'ERR_NAME_NOT_RESOLVED', 'https://ads.example/frame', false);
    expect(popup.destroyed).toBe(false);
    popup.contents.emit('did-fail-load', {}, -102, 'ERR_CONNECTION_REFUSED', 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize', true);
    expect(popup.destroyed).toBe(true);
    await expect(answer).resolves.toEqual({ ...NO_ANSWER, error: 'embedded_window_refused', errorDescription: 'ERR_CONNECTION_REFUSED' });
  });

  it('refuses to open anything but the account server', async () => {
    const { signIn, windows } = setup();
    await expect(signIn('https://evil.example/auth/ms/login')).rejects.toThrow(/account server/);
    expect(windows).toHaveLength(0);
  });
});

describe('Microsoft popup against a local page that redirects with a code', () => {
  it('catches the code from a real HTTP redirect chain and never loads the callback', async () => {
    const { createServer } = await import('node:http');
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/auth/ms/login') res.writeHead(302, { location: '/fake-microsoft/authorize' }).end();
      else if (req.url === '/fake-microsoft/authorize') res.writeHead(302, { location: '/auth/ms/callback?code=LOCAL-CODE&state=xyz' }).end();
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<p>callback</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;

    /** A window that follows redirects like Chromium: each hop is announced by will-redirect and can be stopped. */
    class RedirectingPopup extends FakePopup {
      override async loadURL(url: string) {
        let current = url;
        for (let hop = 0; hop < 5; hop += 1) {
          const response = await fetch(current, { redirect: 'manual' });
          const location = response.headers.get('location');
          if (!location) return;
          current = new URL(location, current).href;
          if (this.navigate('will-redirect', current)) throw new Error('ERR_ABORTED');
        }
      }
    }
    const windows: RedirectingPopup[] = [];
    const signIn = createMicrosoftPopup({ serverOrigin: origin, createWindow: () => (windows.push(new RedirectingPopup()), windows.at(-1)!) });
    try {
      await expect(signIn(`${origin}/auth/ms/login`)).resolves.toMatchObject({ code: 'LOCAL-CODE', state: 'xyz' });
      expect(windows[0]!.destroyed).toBe(true);
      expect(hits).toEqual(['/auth/ms/login', '/fake-microsoft/authorize']);
    } finally {
      server.close();
    }
  });
});
