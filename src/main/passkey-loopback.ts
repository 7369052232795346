import type { PasskeyBrowserAnswer } from '../shared/bridge/channels';
import type { DesktopTexts } from './desktop-language';
import { awaitLoopbackAnswer, loopbackSecrets } from './loopback';

/** The portal's page that runs the ceremony on its own origin (a route of the web portal). */
export const DESKTOP_PASSKEY_PATH = '/desktop-passkey';
/** Where that page sends the browser back with the code (or `error`) and the `state`. */
export const PASSKEY_CALLBACK_PATH = '/passkey/callback';
/** Time to pick and use a passkey in the browser; the code the page gets then lives 2 minutes more. */
export const PASSKEY_LOOPBACK_TIMEOUT_MS = 5 * 60 * 1000;

const NOTHING: PasskeyBrowserAnswer = { code: null, codeVerifier: null, error: null };
const CODE = /^[A-Za-z0-9_.-]{1,2048}$/;
const ERROR = /^[a-z_]{1,100}$/;

/**
 * Signing in with a passkey from a desktop app, in the system browser (RFC 8252; embedded views cannot always reach
 * the platform's authenticators): a PKCE pair (RFC 7636, S256) and a `state` made here, a one-shot listener on
 * 127.0.0.1, and the account server's /desktop-passkey page opened with `loopback={port}`, the `state` and the
 * `code_challenge`. The page runs the ceremony on the portal's origin and sends the browser back to the listener with
 * the server's code; a request without this `state` is ignored. The answer is the code with the verifier (the
 * renderer redeems both with `passkeyDesktopLogin`), or the page's `error` (the user cancelled); all null when nothing
 * came back in time. The verifier never leaves the app before that redemption.
 */
export async function passkeyInSystemBrowser(options: {
  /** The account server: the only place the system browser is sent to (Electron checklist item 14). */
  serverOrigin: string;
  openExternal(url: string): Promise<void>;
  appName: string;
  /** The app's language: the page the browser tab shows at the end is in it. */
  texts: DesktopTexts;
  timeoutMs?: number;
}): Promise<PasskeyBrowserAnswer> {
  const { codeVerifier, codeChallenge, state } = loopbackSecrets();
  return awaitLoopbackAnswer<PasskeyBrowserAnswer>({
    path: PASSKEY_CALLBACK_PATH,
    read: (url) => {
      if (url.searchParams.get('state') !== state) return null;
      const code = url.searchParams.get('code');
      if (code !== null && CODE.test(code)) return { code, codeVerifier, error: null };
      const error = url.searchParams.get('error');
      return error !== null && ERROR.test(error) ? { code: null, codeVerifier: null, error } : null;
    },
    page: (answer) => ({ title: 'desktop.passkeyPageTitle', text: answer.code ? 'desktop.passkeyPageDone' : 'desktop.passkeyPageUnfinished' }),
    texts: options.texts,
    appName: options.appName,
    open: async (port) => {
      const start = new URL(DESKTOP_PASSKEY_PATH, options.serverOrigin);
      start.search = new URLSearchParams({ loopback: String(port), state, code_challenge: codeChallenge, code_challenge_method: 'S256' }).toString();
      await options.openExternal(start.href);
    },
    timeoutMs: options.timeoutMs ?? PASSKEY_LOOPBACK_TIMEOUT_MS,
    none: NOTHING,
  });
}
