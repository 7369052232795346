import type { MicrosoftAnswer } from '../shared/bridge/channels';
import { answerFrom, NO_ANSWER } from './microsoft-popup';
import { isOnOrigin } from './origins';
import type { DesktopTexts } from './desktop-language';
import { awaitLoopbackAnswer } from './loopback';

/** How long the system browser may take before the app gives up waiting (the server's attempt lives 10 minutes). */
export const LOOPBACK_TIMEOUT_MS = 10 * 60 * 1000;
const CALLBACK_PATH = '/auth/ms/callback';

/**
 * Microsoft sign-in in the system browser (RFC 8252, for a provider that refuses embedded windows): a one-shot HTTP
 * listener on 127.0.0.1 and a free port, the server's /auth/ms/login opened in the browser with `loopback={port}`
 * (the server then asks the provider to return to `http://127.0.0.1:{port}/auth/ms/callback`), and the first answer
 * there (code and state, or the provider's error) is the result. The browser tab is told to go back to the app.
 * No answer within `timeoutMs`: all null, like a closed popup.
 */
export async function signInWithSystemBrowser(options: {
  url: string;
  /** The account server: the only place the system browser is sent to (Electron checklist item 14). */
  serverOrigin: string;
  openExternal(url: string): Promise<void>;
  appName: string;
  /** The app's language: the page the browser tab shows at the end is in it. */
  texts: DesktopTexts;
  timeoutMs?: number;
}): Promise<MicrosoftAnswer> {
  if (!isOnOrigin(options.url, [options.serverOrigin])) throw new Error('Microsoft sign-in starts on the account server only.');
  return awaitLoopbackAnswer({
    path: CALLBACK_PATH,
    read: (url) => answerFrom(url.href),
    page: (found) => ({ title: 'desktop.microsoftPageTitle', text: found.code ? 'desktop.microsoftPageDone' : 'desktop.microsoftPageUnfinished' }),
    texts: options.texts,
    appName: options.appName,
    open: async (port) => {
      const start = new URL(options.url);
      start.searchParams.set('loopback', String(port));
      await options.openExternal(start.href);
    },
    timeoutMs: options.timeoutMs ?? LOOPBACK_TIMEOUT_MS,
    none: NO_ANSWER,
  });
}

/** The popup could not show the provider's pages (the window failed to load them). */
export const EMBEDDED_WINDOW_REFUSED = 'embedded_window_refused';

/**
 * Whether the provider refused the embedded window: its pages failed to load in it, or Entra answered with a
 * Conditional Access error about the device (AADSTS53xxx), which a system browser with the device's sign-in can pass.
 */
export function refusesEmbeddedWindow(answer: MicrosoftAnswer): boolean {
  if (answer.code || !answer.error || answer.error === 'access_denied') return false;
  return answer.error === EMBEDDED_WINDOW_REFUSED || /\bAADSTS53\d{3}\b/.test(answer.errorDescription ?? '');
}

/** The desktop's Microsoft sign-in: the popup first, the system browser where the provider refuses the popup. */
export function createDesktopMicrosoftSignIn(parts: { popup(url: string): Promise<MicrosoftAnswer>; systemBrowser(url: string): Promise<MicrosoftAnswer> }) {
  return async (url: string): Promise<MicrosoftAnswer> => {
    const answer = await parts.popup(url);
    return refusesEmbeddedWindow(answer) ? parts.systemBrowser(url) : answer;
  };
}
