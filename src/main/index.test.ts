import { beforeAll, describe, expect, it, vi } from 'vitest';

// index.ts only wires the modules of this folder to Electron. Electron cannot run under Vitest, so this test hands
// it a recording stand-in of the `electron` module and checks the wiring: single instance, app:// protocol,
// policies, the bridge handlers, the main window's settings, and product launch end to end through the bridge.
const recorded = vi.hoisted(() => {
  const state = {
    appEvents: new Map<string, (...args: unknown[]) => void>(),
    handlers: new Map<string, (event: unknown, input?: unknown) => Promise<unknown>>(),
    windows: [] as { options: Record<string, unknown>; loaded: string[] }[],
    schemes: [] as unknown[],
    protocolHandlers: new Map<string, (request: { url: string }) => Promise<Response>>(),
    permissionAnswers: [] as boolean[],
    headerFilters: [] as unknown[],
    external: [] as string[],
    cookies: [] as unknown[],
    menu: null as unknown,
    paths: new Map<string, string>(),
    name: '',
    ready: null as null | (() => void),
  };
  return state;
});

vi.mock('electron', () => {
  class BrowserWindow {
    static all: BrowserWindow[] = [];
    loaded: string[] = [];
    webContents = { send: vi.fn(), on: vi.fn(), setWindowOpenHandler: vi.fn() };
    constructor(readonly options: Record<string, unknown>) {
      recorded.windows.push(this);
    }
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
    once() {}
    on() {}
    maximize() {}
    show() {}
    focus() {}
    isDestroyed() {
      return false;
    }
    isMaximized() {
      return false;
    }
    getNormalBounds() {
      return { x: 0, y: 0, width: 1200, height: 800 };
    }
  }
  const session = () => ({
    setPermissionRequestHandler: (handler: (c: unknown, p: string, cb: (granted: boolean) => void) => void) =>
      handler(null, 'media', (granted) => recorded.permissionAnswers.push(granted)),
    setPermissionCheckHandler: () => undefined,
    webRequest: { onHeadersReceived: (filter: unknown) => recorded.headerFilters.push(filter) },
    cookies: { set: async (cookie: unknown) => void recorded.cookies.push(cookie) },
  });
  const defaultSession = session();
  const popupSession = session();
  return {
    app: {
      isPackaged: false,
      setName: (name: string) => void (recorded.name = name),
      setAppUserModelId: () => undefined,
      setPath: (name: string, value: string) => void recorded.paths.set(name, value),
      getPath: (name: string) => recorded.paths.get(name) ?? `/home/user/.config`,
      getVersion: () => '1.2.3',
      // A Hindi system: the menu starts in Hindi (desktop-language.ts).
      getPreferredSystemLanguages: () => ['hi-IN', 'en-US'],
      getLocale: () => 'hi',
      getName: () => recorded.name,
      userAgentFallback: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Electron/32.0.0 Safari/537.36',
      requestSingleInstanceLock: () => true,
      quit: () => undefined,
      on: (event: string, listener: (...args: unknown[]) => void) => void recorded.appEvents.set(event, listener),
      whenReady: () => new Promise<void>((resolve) => (recorded.ready = resolve)),
    },
    BrowserWindow,
    dialog: { showMessageBox: vi.fn() },
    ipcMain: { handle: (channel: string, listener: (event: unknown, input?: unknown) => Promise<unknown>) => void recorded.handlers.set(channel, listener) },
    nativeTheme: { themeSource: 'system', shouldUseDarkColors: false },
    Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: (menu: unknown) => void (recorded.menu = menu) },
    net: {
      fetch: async (url: string) => {
        if (!url.endsWith('/portal-config.json')) return new Response('nope', { status: 404 });
        const base = 'https://portal.example.com/products';
        const keys = ['hrms', 'chat', 'pms', 'payroll', 'survey', 'recruit', 'assets', 'performance'];
        return Response.json({
          productUrls: Object.fromEntries(keys.map((k) => [k, `${base}/${k}`])),
          trackUrl: `${base}/track`,
          cookieDomain: null,
          publicUrl: 'https://portal.example.com',
          helpVideoUrl: 'https://videos.example.com/intro',
        });
      },
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => void recorded.schemes.push(schemes),
      handle: (scheme: string, handler: (request: { url: string }) => Promise<Response>) => void recorded.protocolHandlers.set(scheme, handler),
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    session: { defaultSession, fromPartition: (name: string) => (name === 'ms-login' ? popupSession : defaultSession) },
    shell: { openExternal: async (url: string) => void recorded.external.push(url) },
  };
});

vi.mock('electron-updater', () => ({
  default: { autoUpdater: { on: vi.fn(), setFeedURL: vi.fn(), checkForUpdates: vi.fn(async () => null), quitAndInstall: vi.fn() } },
}));

const APP = { senderFrame: { url: 'app://portal/workspace' } };

beforeAll(async () => {
  Object.assign(globalThis, {
    __DESKTOP_BUILD__: { flavor: 'chat', serverUrl: 'https://portal.example.com', updatesUrl: 'off', commit: 'abc', buildDate: 'today' },
  });
  // A throw-away profile (its name still ends in the product name): the settings test writes settings.json there.
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  vi.stubEnv('PORTAL_USER_DATA', `${mkdtempSync(`${tmpdir()}/main-wiring-`)}/Suite Chat`);
  vi.stubEnv('PORTAL_FLAVOR', '');
  vi.stubEnv('PORTAL_SERVER_URL', '');
  vi.stubEnv('PORTAL_UPDATES_URL', '');
  await import('./index');
  recorded.ready!();
  await vi.waitFor(() => expect(recorded.windows.length).toBe(1));
});

describe('main process wiring', () => {
  it('names the app after its flavor and gives it its own profile', () => {
    expect(recorded.name).toBe('Suite Chat');
    expect(recorded.paths.get('userData')).toMatch(/Suite Chat$/);
  });

  it('names the app and its version in its user agent, for the account server\'s list of sessions', async () => {
    const { app } = await import('electron');
    expect(app.userAgentFallback).toMatch(/ Electron\/32\.0\.0 Safari\/537\.36 SuitePortal\/chat\/1\.2\.3$/);
  });

  it('registers app:// as a privileged scheme and serves the renderer with the CSP', async () => {
    expect(recorded.schemes).toEqual([[{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]]);
    const missing = await recorded.protocolHandlers.get('app')!({ url: 'app://portal/../../etc/shadow.json' });
    expect(missing.status).toBe(404);
  });

  it('opens the main window on app://portal with the hardened settings and the preload', () => {
    const [main] = recorded.windows;
    expect(main!.loaded).toEqual(['app://portal/']);
    expect(main!.options['webPreferences']).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(String((main!.options['webPreferences'] as { preload: string }).preload)).toMatch(/preload[/\\]index\.cjs$/);
    expect(recorded.menu).toBeTruthy();
  });

  it('denies permissions and adds CORS only for the account server', () => {
    expect(recorded.permissionAnswers).toEqual([false, false]);
    expect(recorded.headerFilters).toEqual([{ urls: ['https://portal.example.com/*'] }]);
  });

  it('answers every bridge channel, only to the app’s own frames', async () => {
    expect(recorded.handlers.size).toBe(17);
    expect(await recorded.handlers.get('app:build-info')!(APP)).toMatchObject({ ok: true, data: { version: '1.2.3', flavor: 'chat', serverOrigin: 'https://portal.example.com' } });
    expect(await recorded.handlers.get('app:build-info')!({ senderFrame: { url: 'https://portal.example.com/products/chat/acme' } })).toMatchObject({
      ok: false,
      error: { code: 'forbidden-sender' },
    });
    expect(await recorded.handlers.get('updates:get-state')!(APP)).toEqual({ ok: true, data: { status: 'idle' } });
  });

  it('launches Chat in a window of its own without the preload, and other products in the system browser', async () => {
    expect(await recorded.handlers.get('products:launch')!(APP, { product: 'chat', orgId: 'acme' })).toEqual({ ok: true, data: { openedIn: 'app-window' } });
    const product = recorded.windows.at(-1)!;
    expect(product.loaded).toEqual(['https://portal.example.com/products/chat/acme']);
    expect(product.options['webPreferences']).not.toHaveProperty('preload');
    // No one is signed in in this run: no token, so no cookie is shared with the product page.
    expect(recorded.cookies).toEqual([]);
    expect(await recorded.handlers.get('products:launch')!(APP, { product: 'hrms', orgId: 'acme' })).toEqual({ ok: true, data: { openedIn: 'browser' } });
    expect(recorded.external).toEqual(['https://portal.example.com/products/hrms/acme/dashboard']);
  });
});

describe('the app’s language', () => {
  const topLabels = () => (recorded.menu as { label: string }[]).map((item) => item.label);

  it('builds the menu in the system’s language, and again in the one the renderer shows; a bad value changes nothing', async () => {
    expect(topLabels()).toEqual(['Suite Chat', 'संपादित करें', 'देखें', 'सहायता']);
    expect(await recorded.handlers.get('app:set-language')!(APP, { language: 'ur' })).toEqual({ ok: true, data: null });
    expect(topLabels()).toEqual(['Suite Chat', 'ترمیم', 'منظر', 'مدد']);
    expect(await recorded.handlers.get('app:set-language')!(APP, { language: 'xx' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await recorded.handlers.get('app:set-language')!({ senderFrame: { url: 'https://portal.example.com/products/chat/acme' } }, { language: 'en' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden-sender' },
    });
    expect(topLabels()).toEqual(['Suite Chat', 'ترمیم', 'منظر', 'مدد']);
    expect(await recorded.handlers.get('app:set-language')!(APP, { language: 'en' })).toEqual({ ok: true, data: null });
    expect(topLabels()).toEqual(['Suite Chat', 'Edit', 'View', 'Help']);
  });
});

describe('settings and links', () => {
  it('remembers the Light/Dark choice in the app settings', async () => {
    expect(await recorded.handlers.get('settings:get-theme')!(APP)).toEqual({ ok: true, data: 'system' });
    expect(await recorded.handlers.get('settings:set-theme')!(APP, { theme: 'dark' })).toEqual({ ok: true, data: null });
    expect(await recorded.handlers.get('settings:get-theme')!(APP)).toEqual({ ok: true, data: 'dark' });
    expect(await recorded.handlers.get('settings:set-theme')!(APP, { theme: 'purple' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('opens the configured help video in the system browser, and nothing for a link the server does not name', async () => {
    const before = recorded.external.length;
    expect(await recorded.handlers.get('links:open')!(APP, { link: 'helpVideo' })).toEqual({ ok: true, data: { opened: true } });
    expect(await recorded.handlers.get('links:open')!(APP, { link: 'documents' })).toEqual({ ok: true, data: { opened: false } });
    expect(recorded.external.slice(before)).toEqual(['https://videos.example.com/intro']);
  });
});
