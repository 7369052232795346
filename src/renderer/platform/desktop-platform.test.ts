import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildInfo, DesktopBridge, UpdateState } from '../../shared/bridge';
import { createDesktopPlatform, KEYCHAIN_UNAVAILABLE_NOTICE } from './desktop-platform';

const INFO: BuildInfo = {
  version: '2.0.1',
  flavor: 'track',
  productName: 'Suite Track',
  platform: 'linux',
  arch: 'x64',
  electron: '45.4.1',
  chrome: '142',
  buildDate: 'today',
  commit: 'abc',
  serverOrigin: 'https://portal.example.com',
};

/** A bridge double answering with envelopes and recording calls. */
function fakeBridge(options: { token?: string | null; deviceToken?: string | null; persistent?: boolean; passkeyAnswer?: { code: string | null; codeVerifier: string | null; error: string | null } } = {}) {
  const calls: [string, unknown][] = [];
  let emit: (state: UpdateState) => void = () => undefined;
  const ok = <T,>(data: T) => Promise.resolve({ ok: true as const, data });
  const bridge = {
    appBuildInfo: () => (calls.push(['appBuildInfo', undefined]), ok(INFO)),
    vaultGetToken: () => ok({ token: options.token ?? null, persistent: options.persistent ?? true }),
    vaultSetToken: (input: { token: string }) => (calls.push(['vaultSetToken', input]), ok({ persistent: options.persistent ?? true })),
    vaultClear: () => (calls.push(['vaultClear', undefined]), ok(null)),
    vaultGetDeviceToken: () => ok({ token: options.deviceToken ?? null, persistent: options.persistent ?? true }),
    vaultSetDeviceToken: (input: { token: string }) => (calls.push(['vaultSetDeviceToken', input]), ok({ persistent: options.persistent ?? true })),
    authMicrosoftPopup: (input: { url: string }) => (calls.push(['authMicrosoftPopup', input]), ok({ code: 'c0de', state: 'st4te', iss: null, error: null, errorDescription: null })),
    authPasskeyBrowser: () => ok(options.passkeyAnswer ?? { code: 'eyJh.eyJz.c2ln', codeVerifier: 'v'.repeat(43), error: null }),
    updatesGetState: () => ok<UpdateState>({ status: 'checking' }),
    updatesCheck: () => ok<UpdateState>({ status: 'checking' }),
    updatesRestart: () => Promise.resolve({ ok: false as const, error: { code: 'failed' as const, message: 'No update has been downloaded yet.' } }),
    productsLaunch: (input: { product: string; orgId: string }) => (calls.push(['productsLaunch', input]), ok({ openedIn: 'app-window' as const })),
    settingsGetTheme: () => ok('dark' as const),
    settingsSetTheme: (input: { theme: string }) => (calls.push(['settingsSetTheme', input]), ok(null)),
    linksOpen: (input: { link: string }) => (calls.push(['linksOpen', input]), ok({ opened: true })),
    appSetLanguage: (input: { language: string }) => (calls.push(['appSetLanguage', input]), ok(null)),
    onUpdatesStateChanged: (listener: (state: UpdateState) => void) => {
      emit = listener;
      return () => undefined;
    },
  } as unknown as DesktopBridge;
  return { bridge, calls, emit: (state: UpdateState) => emit(state) };
}

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('desktop platform', () => {
  it('answers from the shell: server origin, device kind, flavor, login facts', async () => {
    const { bridge } = fakeBridge();
    const platform = createDesktopPlatform(bridge);
    expect(() => platform.serverOrigin()).toThrow(/start/);
    await platform.start();
    expect(platform.serverOrigin()).toBe('https://portal.example.com');
    expect(platform.deviceKind()).toBe('desktop');
    expect(platform.flavor).toBe('track');
    expect(platform.loginFacts()).toEqual({ appVersion: '2.0.1' });
    expect(platform.loginEmailFacts()).toEqual({ appType: 'superTrack' });
    expect(platform.finishMicrosoftPopup()).toBe(false);
  });

  it('keeps the Light/Dark choice in the app settings, opens links by name, and has no service worker', async () => {
    const { bridge, calls } = fakeBridge();
    const platform = createDesktopPlatform(bridge);
    await platform.start();
    expect(platform.themeSetting.current()).toBe('dark');
    platform.themeSetting.set('light');
    expect(platform.themeSetting.current()).toBe('light');
    platform.openExternal('support', 'mailto:ignored@example.com');
    expect(calls).toContainEqual(['settingsSetTheme', { theme: 'light' }]);
    expect(calls).toContainEqual(['linksOpen', { link: 'support' }]);
    expect(platform.serviceWorker.status()).toBe('not-used');
    expect(platform.appVersion()).toEqual({ version: '2.0.1', build: 'abc today' });
  });

  it('reads the token from the vault at start, writes and clears it there, and keeps other cookies local', async () => {
    const { bridge, calls } = fakeBridge({ token: 'stored.jwt' });
    const platform = createDesktopPlatform(bridge);
    await platform.start();
    expect(platform.cookies.get('ubs_token')).toBe('stored.jwt');
    platform.cookies.set('ubs_token', 'new.jwt', { maxAgeSeconds: 1, domain: null });
    platform.cookies.set('ubs_email', 'a@b.co', { maxAgeSeconds: 1, domain: null });
    expect(platform.cookies.get('ubs_token')).toBe('new.jwt');
    expect(platform.cookies.get('ubs_email')).toBe('a@b.co');
    platform.cookies.remove('ubs_token', { domain: null });
    expect(platform.cookies.get('ubs_token')).toBeNull();
    expect(calls.filter(([name]) => name.startsWith('vault'))).toEqual([['vaultSetToken', { token: 'new.jwt' }], ['vaultClear', undefined]]);
  });

  it('reads the trusted-device token from the vault at start, keeps a new one there, and logging out leaves it', async () => {
    const { bridge, calls } = fakeBridge({ token: 'stored.jwt', deviceToken: 'a'.repeat(43) });
    const platform = createDesktopPlatform(bridge);
    await platform.start();
    expect(platform.deviceToken()).toBe('a'.repeat(43));
    await expect(platform.saveDeviceToken('b'.repeat(43))).resolves.toEqual({ persistent: true });
    platform.cookies.remove('ubs_token', { domain: null });
    expect(platform.deviceToken()).toBe('b'.repeat(43));
    expect(calls.filter(([name]) => name.startsWith('vault'))).toEqual([['vaultSetDeviceToken', { token: 'b'.repeat(43) }], ['vaultClear', undefined]]);

    const fresh = createDesktopPlatform(fakeBridge().bridge);
    await fresh.start();
    expect(fresh.deviceToken()).toBeNull();
  });

  it("runs a passkey sign-in in main's system browser: the code and verifier, or null when the page was cancelled", async () => {
    const platform = createDesktopPlatform(fakeBridge().bridge);
    await platform.start();
    expect(await platform.passkeyInSystemBrowser()).toEqual({ code: 'eyJh.eyJz.c2ln', codeVerifier: 'v'.repeat(43) });
    const cancelled = createDesktopPlatform(fakeBridge({ passkeyAnswer: { code: null, codeVerifier: null, error: 'access_denied' } }).bridge);
    await cancelled.start();
    expect(await cancelled.passkeyInSystemBrowser()).toBeNull();
  });

  it('raises the notice when the vault could not reach the keychain', async () => {
    const { bridge } = fakeBridge({ persistent: false });
    const platform = createDesktopPlatform(bridge);
    await platform.start();
    const seen: (string | null)[] = [];
    platform.notice.subscribe((notice) => seen.push(notice));
    platform.cookies.set('ubs_token', 'jwt', { maxAgeSeconds: 1, domain: null });
    await vi.waitFor(() => expect(seen).toEqual([KEYCHAIN_UNAVAILABLE_NOTICE]));
    expect(platform.notice.current()).toBe(KEYCHAIN_UNAVAILABLE_NOTICE);
  });

  it('saveToken settles when the keychain has the token, and says it is persistent', async () => {
    const { bridge, calls } = fakeBridge();
    const platform = createDesktopPlatform(bridge);
    await platform.start();
    const saved = platform.saveToken('new.jwt', { maxAgeSeconds: 1, domain: null });
    expect(platform.cookies.get('ubs_token')).toBe('new.jwt');
    await expect(saved).resolves.toEqual({ persistent: true });
    expect(calls.filter(([name]) => name === 'vaultSetToken')).toEqual([['vaultSetToken', { token: 'new.jwt' }]]);
    expect(platform.notice.current()).toBeNull();
  });

  it('saveToken reports a keychain that could not be reached, or a vault that failed, and raises the notice', async () => {
    const unreachable = createDesktopPlatform(fakeBridge({ persistent: false }).bridge);
    await unreachable.start();
    await expect(unreachable.saveToken('jwt', { maxAgeSeconds: 1, domain: null })).resolves.toEqual({ persistent: false });
    expect(unreachable.notice.current()).toBe(KEYCHAIN_UNAVAILABLE_NOTICE);
    expect(unreachable.cookies.get('ubs_token')).toBe('jwt');

    const { bridge } = fakeBridge();
    (bridge as { vaultSetToken: unknown }).vaultSetToken = () =>
      Promise.resolve({ ok: false as const, error: { code: 'failed' as const, message: 'The vault is not available.' } });
    const failing = createDesktopPlatform(bridge);
    await failing.start();
    await expect(failing.saveToken('jwt', { maxAgeSeconds: 1, domain: null })).resolves.toEqual({ persistent: false });
    expect(failing.notice.current()).toBe(KEYCHAIN_UNAVAILABLE_NOTICE);
  });

  it('launches products and the Microsoft popup through main, and follows the update state', async () => {
    const { bridge, calls, emit } = fakeBridge();
    const platform = createDesktopPlatform(bridge);
    await platform.start();
    expect(await platform.launchProduct({ product: 'pms', orgId: 'acme', url: 'https://ignored.example' })).toEqual({ portalStays: true });
    expect(calls).toContainEqual(['productsLaunch', { product: 'pms', orgId: 'acme' }]);
    expect(await platform.openMicrosoftPopup('https://portal.example.com/auth/ms/login?binding=b')).toEqual({ outcome: 'code', code: 'c0de', state: 'st4te', iss: null });
    expect(platform.updates.current()).toEqual({ status: 'checking' });
    emit({ status: 'ready', version: '2.1.0' });
    expect(platform.updates.current()).toEqual({ status: 'ready', version: '2.1.0' });
    await expect(platform.updates.restart()).rejects.toThrow('No update has been downloaded yet.');
  });
});

describe('the app’s language', () => {
  it('tells main the language shown at start and at each change of <html lang>, never the pseudo-locale', async () => {
    const root = { lang: 'hi' };
    let changed: () => void = () => undefined;
    vi.stubGlobal('document', { documentElement: root });
    vi.stubGlobal(
      'MutationObserver',
      class {
        constructor(callback: () => void) {
          changed = callback;
        }
        observe(target: unknown, options: unknown) {
          expect(target).toBe(root);
          expect(options).toEqual({ attributes: true, attributeFilter: ['lang'] });
        }
      },
    );
    const { bridge, calls } = fakeBridge();
    await createDesktopPlatform(bridge).start();
    root.lang = 'en-XA';
    changed();
    root.lang = 'ur';
    changed();
    expect(calls.filter(([name]) => name === 'appSetLanguage')).toEqual([
      ['appSetLanguage', { language: 'hi' }],
      ['appSetLanguage', { language: 'ur' }],
    ]);
  });
});
