import type { CompanyBrowserAnswer } from '../shared/bridge/channels';
import { DESKTOP_SSO_CALLBACK_PATH } from '../shared/protocol/sso-schemas';
import type { DesktopTexts } from './desktop-language';
import { awaitLoopbackAnswer, loopbackSecrets } from './loopback';

/** Time to sign in at the company's provider; the hand-off the portal gives back then lives 2 minutes more. */
export const COMPANY_LOOPBACK_TIMEOUT_MS = 5 * 60 * 1000;
/** The start the renderer may ask for: an organization's `/{orgId}/sso` with its query, nothing else. */
const START_PATH = /^\/[A-Za-z0-9][A-Za-z0-9._-]{0,63}\/sso(\?[A-Za-z0-9._~%&=+-]{0,600})?$/;
const HANDOFF = /^[A-Za-z0-9_-]{32,128}$/;

const NOTHING: CompanyBrowserAnswer = { handoff: null, codeVerifier: null };

/**
 * A company's own sign-in from a desktop app, in the system browser (RFC 8252; an embedded window should not hold
 * someone's company password): a PKCE pair (RFC 7636, S256) and a `state` made here, a one-shot listener on 127.0.0.1,
 * and the account server's `/{orgId}/sso` opened with `loopback={port}`, the `state` and the `code_challenge`. The
 * server sends the browser to the provider and, once it has checked the provider's answer, back to the listener with
 * a single-use hand-off that only this verifier redeems (`ssoLogin`). All null when the path is not a company
 * sign-in's start or nothing came back in time.
 */
export async function companySignInInSystemBrowser(options: {
  /** The account server: the only place the system browser is sent to (Electron checklist item 14). */
  serverOrigin: string;
  /** `/{orgId}/sso?…` as the sign-in page's discovery answered it. */
  path: string;
  openExternal(url: string): Promise<void>;
  appName: string;
  /** The app's language: the page the browser tab shows at the end is in it. */
  texts: DesktopTexts;
  timeoutMs?: number;
}): Promise<CompanyBrowserAnswer> {
  if (!START_PATH.test(options.path)) return NOTHING;
  const { codeVerifier, codeChallenge, state } = loopbackSecrets();
  return awaitLoopbackAnswer<CompanyBrowserAnswer>({
    path: DESKTOP_SSO_CALLBACK_PATH,
    read: (url) => {
      const handoff = url.searchParams.get('handoff');
      return url.searchParams.get('state') === state && handoff !== null && HANDOFF.test(handoff) ? { handoff, codeVerifier } : null;
    },
    page: () => ({ title: 'desktop.companyPageTitle', text: 'desktop.companyPageDone' }),
    texts: options.texts,
    appName: options.appName,
    open: async (port) => {
      const start = new URL(options.path, options.serverOrigin);
      for (const [name, value] of Object.entries({ loopback: String(port), state, code_challenge: codeChallenge, code_challenge_method: 'S256' })) start.searchParams.set(name, value);
      await options.openExternal(start.href);
    },
    timeoutMs: options.timeoutMs ?? COMPANY_LOOPBACK_TIMEOUT_MS,
    none: NOTHING,
  });
}
