import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { appPolicy, decideWindowOpen, denyPermissions, hardenWebContents, popupPolicy, HARDENED_WEB_PREFERENCES, isNavigationAllowed, rendererCsp, withAppCors, type WindowOpenDecision } from './security';

const ALLOWED = ['app://portal', 'https://portal.example.com', 'https://chat.example.com', 'https://track.example.com/base'];

/** A WebContents double: the test plays navigations and window.open calls and reads the decisions. */
function fakeContents() {
  const events = new EventEmitter();
  let openHandler: ((details: { url: string }) => WindowOpenDecision) | null = null;
  const contents = {
    on: (event: string, listener: (...args: never[]) => void) => events.on(event, listener as (...args: unknown[]) => void),
    setWindowOpenHandler: (handler: (details: { url: string }) => WindowOpenDecision) => void (openHandler = handler),
  };
  const navigate = (event: 'will-navigate' | 'will-redirect', url: string) => {
    let prevented = false;
    events.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented ? 'blocked' : 'allowed';
  };
  const attachWebview = () => {
    let prevented = false;
    events.emit('will-attach-webview', { preventDefault: () => (prevented = true) });
    return prevented ? 'blocked' : 'allowed';
  };
  return { contents, navigate, attachWebview, open: (url: string) => openHandler!({ url }) };
}

describe('navigation and window-open policy', () => {
  it('allows the renderer, the account server and the product hosts only', () => {
    expect(isNavigationAllowed('app://portal/workspace', ALLOWED)).toBe(true);
    expect(isNavigationAllowed('https://track.example.com/acme#token=x', ALLOWED)).toBe(true);
    expect(isNavigationAllowed('https://evil.example.com/', ALLOWED)).toBe(false);
    expect(isNavigationAllowed('http://portal.example.com/', ALLOWED)).toBe(false);
    expect(isNavigationAllowed('https://portal.example.com.evil.io/', ALLOWED)).toBe(false);
    expect(isNavigationAllowed('file:///etc/passwd', ALLOWED)).toBe(false);
    expect(isNavigationAllowed('javascript:alert(1)', ALLOWED)).toBe(false);
  });

  it('stops navigations and redirects away from the allowed origins, and every webview', () => {
    const blocked: string[] = [];
    const { contents, navigate, attachWebview } = fakeContents();
    hardenWebContents(contents, appPolicy(() => ALLOWED), (url) => blocked.push(url));
    expect(navigate('will-navigate', 'https://chat.example.com/acme')).toBe('allowed');
    expect(navigate('will-navigate', 'https://phish.example/login')).toBe('blocked');
    expect(navigate('will-redirect', 'https://phish.example/redirected')).toBe('blocked');
    expect(attachWebview()).toBe('blocked');
    expect(blocked).toEqual(['https://phish.example/login', 'https://phish.example/redirected']);
  });

  it('opens new windows for allowed https origins only, hardened and without the preload', () => {
    const { contents, open } = fakeContents();
    hardenWebContents(contents, appPolicy(() => ALLOWED));
    expect(open('https://evil.example.com/')).toEqual({ action: 'deny' });
    expect(open('app://portal/login')).toEqual({ action: 'deny' });
    const allowed = open('https://chat.example.com/acme');
    expect(allowed.action).toBe('allow');
    if (allowed.action === 'allow') {
      expect(allowed.overrideBrowserWindowOptions.webPreferences).toEqual(HARDENED_WEB_PREFERENCES);
      expect(allowed.overrideBrowserWindowOptions.webPreferences).not.toHaveProperty('preload');
    }
    expect(decideWindowOpen('not a url', ALLOWED)).toEqual({ action: 'deny' });
  });

  it('keeps the checklist settings on in every window', () => {
    expect(HARDENED_WEB_PREFERENCES).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false, allowRunningInsecureContent: false });
  });
});

describe('Microsoft popup policy', () => {
  it('may walk the identity provider’s https pages and come back to the server, but opens nothing', () => {
    const { contents, navigate, open } = fakeContents();
    hardenWebContents(contents, popupPolicy('http://127.0.0.1:3000'));
    expect(navigate('will-redirect', 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize')).toBe('allowed');
    expect(navigate('will-redirect', 'http://127.0.0.1:3000/auth/ms/callback?code=1')).toBe('allowed');
    expect(navigate('will-navigate', 'http://insecure.example/')).toBe('blocked');
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe('blocked');
    expect(open('https://login.microsoftonline.com/help')).toEqual({ action: 'deny' });
  });
});

describe('permissions', () => {
  it('denies every permission request and check by default', () => {
    let request: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null = null;
    let check: ((contents: unknown, permission: string) => boolean) | null = null;
    denyPermissions({ setPermissionRequestHandler: (h) => void (request = h), setPermissionCheckHandler: (h) => void (check = h) });
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) request!(null, permission, (granted) => answers.push(granted));
    expect(answers).toEqual([false, false, false, false, false]);
    expect(check!(null, 'media')).toBe(false);
  });
});

describe('renderer CSP and CORS', () => {
  it('allows scripts and styles from the app only and network to the account server only', () => {
    const csp = rendererCsp('https://portal.example.com');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("connect-src 'self' https://portal.example.com wss://portal.example.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('adds CORS headers for the app origin to the account server’s replies only', () => {
    expect(withAppCors('https://portal.example.com/portal-config.json', { 'Access-Control-Allow-Origin': ['*'], 'Content-Type': ['application/json'] }, 'https://portal.example.com', 'app://portal')).toEqual({
      'Content-Type': ['application/json'],
      'Access-Control-Allow-Origin': ['app://portal'],
      'Access-Control-Allow-Credentials': ['true'],
      'Access-Control-Allow-Methods': ['GET, POST'],
      'Access-Control-Allow-Headers': ['content-type'],
      Vary: ['Origin'],
    });
    expect(withAppCors('https://chat.example.com/api', {}, 'https://portal.example.com', 'app://portal')).toBeNull();
  });
});
