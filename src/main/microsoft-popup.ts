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

type NavigationListener = (event: { preventDefault(): void }, url: string) => void;

/** The part of a BrowserWindow the popup uses. */
export interface PopupWindowLike {
  loadURL(url: string): Promise<void>;
  close(): void;
  focus(): void;
  isDestroyed(): boolean;
  once(event: 'closed', listener: () => void): unknown;
  webContents: {
    on(event: 'will-navigate' | 'will-redirect' | 'did-navigate' | 'did-redirect-navigation', listener: NavigationListener): unknown;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  };
}

/** The `code` of a URL on the account server, or null. */
export function codeFrom(url: string, serverOrigin: string): string | null {
  if (!isOnOrigin(url, [serverOrigin])) return null;
  try {
    return new URL(url).searchParams.get('code') || null;
  } catch {
    return null;
  }
}

/**
 * Microsoft sign-in (spec section 4): a 400x600 child window opens the server's /auth/ms/login; the first
 * navigation or redirect back to the server carrying `code` is stopped, the window closes and the code is the
 * answer. Closing the window by hand answers null (a clean cancel). One popup at a time: a second request focuses
 * the open one and shares its answer.
 */
export function createMicrosoftPopup(options: { serverOrigin: string; createWindow: (parentOptions: typeof MS_POPUP_OPTIONS) => PopupWindowLike }) {
  let open: { window: PopupWindowLike; answer: Promise<string | null> } | null = null;

  return function signInWithMicrosoft(url: string): Promise<string | null> {
    if (!isOnOrigin(url, [options.serverOrigin])) return Promise.reject(new Error('Microsoft sign-in starts on the account server only.'));
    if (open && !open.window.isDestroyed()) {
      open.window.focus();
      return open.answer;
    }
    const window = options.createWindow(MS_POPUP_OPTIONS);
    const answer = new Promise<string | null>((resolve) => {
      let code: string | null = null;
      const catchCode: NavigationListener = (event, target) => {
        const found = codeFrom(target, options.serverOrigin);
        if (!found || code) return;
        code = found;
        event.preventDefault();
        if (!window.isDestroyed()) window.close();
      };
      window.webContents.on('will-navigate', catchCode);
      window.webContents.on('will-redirect', catchCode);
      // A server-side redirect that already landed (some flows commit before will-redirect fires).
      window.webContents.on('did-redirect-navigation', catchCode);
      window.webContents.on('did-navigate', catchCode);
      window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
      window.once('closed', () => {
        open = null;
        resolve(code);
      });
      window.loadURL(url).catch(() => {
        // An aborted load (the code redirect we stopped, or the user closing) is not a failure of sign-in.
      });
    });
    open = { window, answer };
    return answer;
  };
}
