import type { Page, Request } from '@playwright/test';
import { BRIDGE_CHANNEL_NAMES, bridgeFunctionName, type BridgeResult, type BuildInfo, type DesktopFlavor, type UpdateState } from '../../src/shared/bridge';
import { withAppCors } from '../../src/main/security';

/** One call the renderer made through `window.desktop`. */
export interface RecordedCall {
  fn: string;
  input: unknown;
}

export interface BridgeDoubleOptions {
  flavor: DesktopFlavor;
  version?: string;
  serverOrigin: string;
  /** What the vault holds when the app starts (an earlier session). */
  token?: string | null;
  /** The trusted-device token the keychain holds when the app starts (an earlier "Don't ask again"). */
  deviceToken?: string | null;
  /** False: the keychain is unreachable, the vault keeps the token in memory only. */
  persistent?: boolean;
  /** What the system browser's passkey sign-in answers (main's `auth:passkey-browser`); all null by default. */
  passkeyAnswer?: { code: string | null; codeVerifier: string | null; error: string | null };
  /** What the Microsoft popup answers: a code, or null (closed by hand). */
  popupCode?: string | null;
}

/**
 * `window.desktop` as a test double: the page gets the preload's named functions, each forwarded to this object in
 * the test process (so calls and the vault survive full page loads, like main does), which records every call and
 * answers with the bridge's result envelope.
 */
export class BridgeDouble {
  readonly calls: RecordedCall[] = [];
  token: string | null;
  /** The trusted-device token in the keychain (its own entry: logout leaves it). */
  deviceToken: string | null = null;
  updateState: UpdateState = { status: 'idle' };
  /** The app settings' Light/Dark choice, as main keeps it across page loads. */
  theme: 'light' | 'dark' | 'system' = 'system';

  constructor(
    private readonly page: Page,
    private readonly options: BridgeDoubleOptions,
  ) {
    this.token = options.token ?? null;
    this.deviceToken = options.deviceToken ?? null;
  }

  get buildInfo(): BuildInfo {
    return {
      version: this.options.version ?? '3.1.4',
      flavor: this.options.flavor,
      productName: this.options.flavor === 'chat' ? 'Suite Chat' : 'Suite Track',
      platform: 'linux',
      arch: 'x64',
      electron: '45.4.1',
      chrome: '142.0.0.0',
      buildDate: '2026-11-22T00:00:00.000Z',
      commit: 'test',
      serverOrigin: this.options.serverOrigin,
    };
  }

  /** Installs the double before any page script runs, and lets the renderer's origin read the account server. */
  async install(): Promise<void> {
    await this.page.exposeFunction('__bridgeCall', (fn: string, input: unknown) => this.answer(fn, input));
    await this.page.addInitScript((names: string[]) => {
      const call = (window as unknown as { __bridgeCall: (fn: string, input: unknown) => Promise<unknown> }).__bridgeCall;
      const listeners = new Set<(state: unknown) => void>();
      const desktop: Record<string, unknown> = Object.fromEntries(names.map((fn) => [fn, (input?: unknown) => call(fn, input)]));
      desktop['onUpdatesStateChanged'] = (listener: (state: unknown) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      };
      (window as unknown as { __bridgeEmit: (state: unknown) => void }).__bridgeEmit = (state) => listeners.forEach((listener) => listener(state));
      Object.defineProperty(window, 'desktop', { value: Object.freeze(desktop) });
    }, BRIDGE_CHANNEL_NAMES.map((channel) => bridgeFunctionName(channel)));
    // main adds these CORS headers to the account server's replies for app://portal (security.ts withAppCors).
    await this.page.route(`${this.options.serverOrigin}/**`, async (route) => {
      const origin = route.request().headers()['origin'];
      const response = await route.fetch();
      const headers = origin ? withAppCors(route.request().url(), toLists(response.headers()), this.options.serverOrigin, origin) : null;
      await route.fulfill({ response, headers: headers ? fromLists(headers) : response.headers() });
    });
  }

  /** Plays an update state from main. */
  async emitUpdate(state: UpdateState): Promise<void> {
    this.updateState = state;
    await this.page.evaluate((payload) => (window as unknown as { __bridgeEmit: (s: unknown) => void }).__bridgeEmit(payload), state);
  }

  /** The calls of one function, inputs only. */
  inputsOf(fn: string): unknown[] {
    return this.calls.filter((call) => call.fn === fn).map((call) => call.input);
  }

  private answer(fn: string, input: unknown): BridgeResult<unknown> {
    this.calls.push({ fn, input });
    const ok = (data: unknown): BridgeResult<unknown> => ({ ok: true, data });
    const persistent = this.options.persistent ?? true;
    switch (fn) {
      case 'appBuildInfo':
        return ok(this.buildInfo);
      case 'vaultGetToken':
        return ok({ token: this.token, persistent });
      case 'vaultSetToken':
        this.token = (input as { token: string }).token;
        return ok({ persistent });
      case 'vaultClear':
        this.token = null;
        return ok(null);
      case 'vaultGetDeviceToken':
        return ok({ token: this.deviceToken, persistent });
      case 'vaultSetDeviceToken':
        this.deviceToken = (input as { token: string }).token;
        return ok({ persistent });
      case 'authMicrosoftPopup':
        return ok({ code: this.options.popupCode ?? null, state: this.options.popupCode ? 'S'.repeat(43) : null, iss: null, error: null, errorDescription: null });
      case 'authPasskeyBrowser':
        return ok(this.options.passkeyAnswer ?? { code: null, codeVerifier: null, error: null });
      case 'updatesGetState':
      case 'updatesCheck':
        return ok(this.updateState);
      case 'updatesRestart':
        return this.updateState.status === 'ready' ? ok(null) : { ok: false, error: { code: 'failed', message: 'No update has been downloaded yet.' } };
      case 'productsLaunch':
        return ok({ openedIn: (input as { product: string }).product === (this.options.flavor === 'chat' ? 'chat' : 'pms') ? 'app-window' : 'browser' });
      case 'settingsGetTheme':
        return ok(this.theme);
      case 'settingsSetTheme':
        this.theme = (input as { theme: 'light' | 'dark' | 'system' }).theme;
        return ok(null);
      case 'linksOpen':
        return ok({ opened: true });
      default:
        return { ok: false, error: { code: 'invalid-input', message: `unknown function ${fn}` } };
    }
  }
}

const toLists = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]]));
const fromLists = (headers: Record<string, string[]>) => Object.fromEntries(Object.entries(headers).map(([name, values]) => [name, values.join(', ')]));

/**
 * Every socket.io message the page sends, as `[event, payload]`, over polling and websocket alike: what the
 * account server receives.
 */
export function recordSocketMessages(page: Page): Array<[string, unknown]> {
  const sent: Array<[string, unknown]> = [];
  const take = (raw: string) => {
    // Engine.io packs several packets in one polling body, separated by \x1e; socket.io events are "42[...]".
    for (const packet of raw.split('\x1e')) {
      const match = /^42(\d*)(\[.*\])$/s.exec(packet);
      if (!match) continue;
      try {
        const [event, payload] = JSON.parse(match[2]!) as [string, unknown];
        sent.push([event, payload]);
      } catch {
        // Not an event packet.
      }
    }
  };
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().includes('/socket.io/')) take(request.postData() ?? '');
  });
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => take(typeof payload === 'string' ? payload : payload.toString())));
  return sent;
}
