// Electron main process entry: wires the modules of this folder to Electron's real objects. Every decision lives
// in those modules (tested under plain Node with test doubles); this file only connects them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, net, protocol, screen, session, shell } from 'electron';
import electronUpdater from 'electron-updater';
import type { UpdateState } from '../shared/bridge';
import { desktopUserAgent } from '../shared/desktop-user-agent';
import { appMenuTemplate, releaseDialog } from './app-menu';
import { createThemeSetting } from './app-settings';
import { resolveExternalLink } from './external-links';
import { collectBuildInfo } from './build-info';
import { resolveDesktopConfig } from './desktop-config';
import { createDesktopLanguage, systemLanguage, type DesktopTexts } from './desktop-language';
import { FLAVORS } from './flavor';
import { registerBridge } from './ipc';
import { createMicrosoftPopup, MS_POPUP_PARTITION } from './microsoft-popup';
import { createDesktopMicrosoftSignIn, signInWithSystemBrowser } from './microsoft-loopback';
import { isOnOrigin } from './origins';
import { passkeyInSystemBrowser } from './passkey-loopback';
import { companySignInInSystemBrowser } from './company-loopback';
import { createPortalHosts } from './portal-hosts';
import { createProductLauncher } from './product-launch';
import { APP_ORIGIN, APP_SCHEME, resolveRendererFile } from './renderer-protocol';
import { appPolicy, denyPermissions, HARDENED_WEB_PREFERENCES, hardenWebContents, popupPolicy, rendererCsp, withAppCors } from './security';
import { enforceSingleInstance } from './single-instance';
import { createUpdater, type AutoUpdaterLike } from './updater';
import { createTokenVault, deviceTokenAccount, type KeychainLike } from './vault';
import { restoreWindowState, trackWindowState } from './window-state';

const here = dirname(fileURLToPath(import.meta.url));
const config = resolveDesktopConfig(__DESKTOP_BUILD__, process.env);
const profile = FLAVORS[config.flavor];
app.setName(profile.productName);
// Every request and socket of the app names the app and its version, for the account server's list of sessions.
app.userAgentFallback = desktopUserAgent(app.userAgentFallback, config.flavor, app.getVersion());
if (process.platform === 'win32') app.setAppUserModelId(profile.appId);
// Each flavor has its own profile (and so its own single-instance lock), even when run from one checkout. Tests
// point it at a fresh folder, so each run starts with no remembered window.
app.setPath('userData', process.env['PORTAL_USER_DATA'] || join(app.getPath('appData'), profile.productName));

// In development the renderer comes from electron-vite's dev server; packaged, from app://portal.
const devServer = process.env['ELECTRON_RENDERER_URL'] && !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : null;
const rendererOrigin = devServer ? new URL(devServer).origin : APP_ORIGIN;
const rendererRoot = join(here, '../renderer');

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

let mainWindow: BrowserWindow | null = null;
let themeSetting: ReturnType<typeof createThemeSetting> | null = null;
let productWindow: BrowserWindow | null = null;

if (enforceSingleInstance(app, () => mainWindow)) void app.whenReady().then(start);
app.on('window-all-closed', () => app.quit());

function loadKeychain(): KeychainLike | null {
  try {
    return createRequire(import.meta.url)('keytar') as KeychainLike;
  } catch {
    return null;
  }
}

/** Reads a file of the profile folder, or null when there is none yet. */
function readProfileFile(name: string): string | null {
  try {
    return readFileSync(join(app.getPath('userData'), name), 'utf8');
  } catch {
    return null;
  }
}

function writeProfileFile(name: string, text: string): void {
  const file = join(app.getPath('userData'), name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

async function start(): Promise<void> {
  // Before any window: the renderer's prefers-color-scheme is then already the remembered Light/Dark choice.
  // The app's own texts: the system's language until the renderer says which one it shows (app:set-language).
  const language = createDesktopLanguage({ system: systemLanguage(app), onChange: (texts) => setMenu(texts) });
  const theme = createThemeSetting({ read: () => readProfileFile('settings.json'), write: (text) => writeProfileFile('settings.json', text), nativeTheme });
  themeSetting = theme;
  const hosts = createPortalHosts(config.serverOrigin, (input, init) => net.fetch(String(input), init));
  const allowedOrigins = () => [rendererOrigin, config.serverOrigin, ...hosts.origins()];
  void hosts.get().catch(() => undefined);

  const popupSession = session.fromPartition(MS_POPUP_PARTITION);
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, contents.session === popupSession ? popupPolicy(config.serverOrigin) : appPolicy(allowedOrigins)),
  );
  denyPermissions(session.defaultSession);
  denyPermissions(popupSession);
  session.defaultSession.webRequest.onHeadersReceived({ urls: [`${config.serverOrigin}/*`] }, (details, callback) => {
    const headers = withAppCors(details.url, details.responseHeaders, config.serverOrigin, rendererOrigin);
    callback(headers ? { responseHeaders: headers } : {});
  });
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveRendererFile(rendererRoot, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file.path);
      return new Response(body, {
        headers: { 'content-type': file.contentType, 'content-security-policy': rendererCsp(config.serverOrigin), 'x-content-type-options': 'nosniff' },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });

  const keychain = loadKeychain();
  const vault = createTokenVault({ keychain, service: profile.vaultService, account: config.serverOrigin });
  const deviceVault = createTokenVault({ keychain, service: profile.vaultService, account: deviceTokenAccount(config.serverOrigin) });
  const buildInfo = collectBuildInfo(app.getVersion(), config, process);

  const autoUpdater = electronUpdater.autoUpdater as unknown as AutoUpdaterLike & { forceDevUpdateConfig: boolean };
  // Unpackaged runs (development, the end-to-end specs) only check when a feed was given explicitly.
  if (!app.isPackaged) autoUpdater.forceDevUpdateConfig = Boolean(process.env['PORTAL_UPDATES_URL']);
  const feedUrl = app.isPackaged || process.env['PORTAL_UPDATES_URL'] ? config.updatesUrl : null;
  const broadcast = (state: UpdateState) => mainWindow?.webContents.send('updates:state-changed', state);
  const updater = createUpdater({ autoUpdater, feedUrl, onChange: broadcast });

  const popup = createDesktopMicrosoftSignIn({
    popup: createMicrosoftPopup({
      serverOrigin: config.serverOrigin,
      createWindow: (options) => new BrowserWindow({ ...options, parent: mainWindow ?? undefined }),
      title: () => language.texts().t('desktop.microsoftWindowTitle'),
    }),
    systemBrowser: (url) =>
      signInWithSystemBrowser({ url, serverOrigin: config.serverOrigin, openExternal: (target) => shell.openExternal(target), appName: profile.productName, texts: language.texts() }),
  });

  const openInAppWindow = async (url: string) => {
    if (!productWindow || productWindow.isDestroyed()) {
      productWindow = new BrowserWindow({ width: 1280, height: 860, title: profile.productName, autoHideMenuBar: true, webPreferences: HARDENED_WEB_PREFERENCES });
      productWindow.on('closed', () => (productWindow = null));
    }
    await productWindow.loadURL(url);
    productWindow.focus();
  };
  const launch = createProductLauncher({
    flavor: config.flavor,
    hosts: () => hosts.get(),
    token: async () => (await vault.get()).token,
    openInAppWindow,
    openExternal: (url) => shell.openExternal(url),
    setCookie: (cookie) => session.defaultSession.cookies.set(cookie),
  });

  registerBridge(
    ipcMain,
    {
      'vault:get-token': () => vault.get(),
      'vault:set-token': ({ token }) => vault.set(token),
      'vault:clear': async () => {
        await vault.clear();
        return null;
      },
      'vault:get-device-token': () => deviceVault.get(),
      'vault:set-device-token': ({ token }) => deviceVault.set(token),
      'auth:microsoft-popup': ({ url }) => popup(url),
      'auth:passkey-browser': () =>
        passkeyInSystemBrowser({ serverOrigin: config.serverOrigin, openExternal: (target) => shell.openExternal(target), appName: profile.productName, texts: language.texts() }),
      'auth:company-browser': ({ path }) =>
        companySignInInSystemBrowser({
          serverOrigin: config.serverOrigin,
          path,
          openExternal: (target) => shell.openExternal(target),
          appName: profile.productName,
          texts: language.texts(),
        }),
      'updates:get-state': () => updater.state(),
      'updates:check': () => updater.check(),
      'updates:restart': () => {
        updater.restart();
        return null;
      },
      'app:build-info': () => buildInfo,
      'products:launch': (input) => launch(input),
      'settings:get-theme': () => theme.get(),
      'settings:set-theme': ({ theme: choice }) => {
        theme.set(choice);
        return null;
      },
      'links:open': async ({ link }) => {
        const url = resolveExternalLink(await hosts.get(), link);
        if (url) await shell.openExternal(url);
        return { opened: url !== null };
      },
      // Validated by the channel's schema (one of the portal's languages); the menu is rebuilt when it changes.
      'app:set-language': ({ language: shown }) => {
        language.choose(shown);
        return null;
      },
    },
    (frameUrl) => isOnOrigin(frameUrl, [rendererOrigin]),
  );

  function setMenu(texts: DesktopTexts): void {
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        appMenuTemplate(
          buildInfo,
          {
            packaged: app.isPackaged,
            checkForUpdates: () => void updater.check(),
            showRelease: () => void dialog.showMessageBox(releaseDialog(buildInfo, language.texts())),
          },
          texts,
        ),
      ),
    );
  }
  setMenu(language.texts());
  mainWindow = createMainWindow();
}

function createMainWindow(): BrowserWindow {
  const state = restoreWindowState(readProfileFile('window-state.json'), screen.getAllDisplays().map((display) => display.workArea));
  const window = new BrowserWindow({
    ...state,
    minWidth: 400,
    minHeight: 300,
    show: false,
    backgroundColor: themeSetting?.backgroundColor(),
    title: profile.productName,
    icon: join(here, '../../', profile.icon),
    webPreferences: { ...HARDENED_WEB_PREFERENCES, preload: join(here, '../preload/index.cjs') },
  });
  if (state.maximized) window.maximize();
  trackWindowState(window, (serialized) => writeProfileFile('window-state.json', serialized));
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => (mainWindow = null));
  void window.loadURL(devServer ?? `${APP_ORIGIN}/`);
  return window;
}

// Declared here rather than in a .d.ts so the main bundle's one build-time constant is visible where it is used.
declare global {
  const __DESKTOP_BUILD__: import('./desktop-config').BuildDefaults;
}
