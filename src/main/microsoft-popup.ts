import type { MicrosoftAnswer } from '../shared/bridge/channels';
import { HARDENED_WEB_PREFERENCES } from './security';
import { isOnOrigin } from './origins';

export const MS_POPUP_WIDTH = 400;
export const MS_POPUP_HEIGHT = 600;
/** In-memory session partition (no `persist:`): the provider's cookies never reach the app's own session or disk. */
export const MS_POPUP_PARTITION = 'ms-login';

/** Options the popup window is created with (no preload, its own partition, hardened). */
export const MS_POPUP_OPTIONS = {
  width: MS_POPUP_WIDTH,
  height: MS_POPUP_HEIGHT,
  resizable: false,
  minimizable: false,
  maximizable: false,
  autoHideMenuBar: true,
  title: 'Sign in with Microsoft',
  webPreferences: { ...HARDENED_WEB_PREFERENCES, partition: MS_POPUP_PARTITION },
} as const;

/** The popup's options, with its title in any language. */
export type MicrosoftPopupOptions = Omit<typeof MS_POPUP_OPTIONS, 'title'> & { title: string };

type NavigationListener = (event: { preventDefault(): void }, url: string) => void;
type FailListener = (event: unknown, errorCode: number, errorDescription: string, url: string, isMainFrame: boolean) => void;

/** The part of a BrowserWindow the popup uses. */
export interface PopupWindowLike {
  loadURL(url: string): Promise<void>;
  close(): void;
  focus(): void;
  isDestroyed(): boolean;
  once(event: 'closed', listener: () => void): unknown;
  webContents: {
    on(event: 'will-navigate' | 'will-redirect' | 'did-navigate' | 'did-redirect-navigation', listener: NavigationListener): unknown;
    on(event: 'did-fail-load', listener: FailListener): unknown;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  };
}

/** A sign-in window closed before the provider answered. */
export const NO_ANSWER: MicrosoftAnswer = { code: null, state: null, iss: null, error: null, errorDescription: null };

/** The provider's answer in a callback URL (`code` + `state` + `iss`, or `error`), or null when it carries neither. */
export function answerFrom(url: string): MicrosoftAnswer | null {
  let query: URLSearchParams;
  try {
    query = new URL(url).searchParams;
  } catch {
    return null;
  }
  const code = query.get('code');
  const error = query.get('error');
  if (!code && !error) return null;
  return {
    code: code ? code.slice(0, 4096) : null,
    state: query.get('state')?.slice(0, 200) ?? null,
    iss: query.get('iss')?.slice(0, 2000) ?? null,
    error: code ? null : error!.slice(0, 100),
    errorDescription: code ? null : (query.get('error_description')?.slice(0, 300) ?? null),
  };
}

/** The answer of a URL on the account server, or null (a provider page, or a server page without one). */
export function answerOnServer(url: string, serverOrigin: string): MicrosoftAnswer | null {
  return isOnOrigin(url, [serverOrigin]) ? answerFrom(url) : null;
}

/** The `code` of a URL on the account server, or null. */
export function codeFrom(url: string, serverOrigin: string): string | null {
  return answerOnServer(url, serverOrigin)?.code ?? null;
}

/**
 * Microsoft sign-in (spec section 4): a 400x600 child window opens the server's /auth/ms/login; the first
 * navigation or redirect back to the server carrying `code` is stopped, the window closes and the code is the
 * answer. Closing the window by hand answers null (a clean cancel). One popup at a time: a second request focuses
 * the open one and shares its answer.
 */
export function createMicrosoftPopup(options: {
  serverOrigin: string;
  createWindow: (parentOptions: MicrosoftPopupOptions) => PopupWindowLike;
  /** The window's title in the app's language (until the provider's page names it); MS_POPUP_OPTIONS's when not given. */
  title?: () => string;
}) {
  let open: { window: PopupWindowLike; answer: Promise<MicrosoftAnswer> } | null = null;

  return function signInWithMicrosoft(url: string): Promise<MicrosoftAnswer> {
    if (!isOnOrigin(url, [options.serverOrigin])) return Promise.reject(new Error('Microsoft sign-in starts on the account server only.'));
    if (open && !open.window.isDestroyed()) {
      open.window.focus();
      return open.answer;
    }
    const window = options.createWindow(options.title ? { ...MS_POPUP_OPTIONS, title: options.title() } : MS_POPUP_OPTIONS);
    const answer = new Promise<MicrosoftAnswer>((resolve) => {
      let caught: MicrosoftAnswer | null = null;
      const catchCode: NavigationListener = (event, target) => {
        const found = answerOnServer(target, options.serverOrigin);
        if (!found || caught) return;
        caught = found;
        event.preventDefault();
        if (!window.isDestroyed()) window.close();
      };
      window.webContents.on('will-navigate', catchCode);
      window.webContents.on('will-redirect', catchCode);
      // A server-side redirect that already landed (some flows commit before will-redirect fires).
      window.webContents.on('did-redirect-navigation', catchCode);
      window.webContents.on('did-navigate', catchCode);
      window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
      // The provider's pages would not load in the window (refused, or the network): the caller may use the system
      // browser instead. -3 (ERR_ABORTED) is the redirect we stopped ourselves.
      window.webContents.on('did-fail-load', (_event, errorCode, errorDescription, _url, isMainFrame) => {
        if (!isMainFrame || errorCode === -3 || caught) return;
        caught = { ...NO_ANSWER, error: 'embedded_window_refused', errorDescription: errorDescription.slice(0, 300) };
        if (!window.isDestroyed()) window.close();
      });
      window.once('closed', () => {
        open = null;
        resolve(caught ?? NO_ANSWER);
      });
      window.loadURL(url).catch(() => {
        // An aborted load (the code redirect we stopped, or the user closing) is not a failure of sign-in.
      });
    });
    open = { window, answer };
    return answer;
  };
}
