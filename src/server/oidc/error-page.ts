import type { Language } from '../../shared/i18n/languages';
import { serverPage } from '../i18n/server-page';

/** Words for the errors a person may meet at the authorization endpoint, when the app cannot be told. */
const EXPLAINED: Record<string, string> = {
  invalid_client: 'This application is not registered with the portal.',
  invalid_redirect_uri: 'This application asked to return to an address that is not registered for it.',
  invalid_request: 'This sign-in link is not valid.',
  pkce_required: 'This application must protect its sign-in with PKCE (code_challenge, S256). Please contact its developer.',
  session_not_found: 'This sign-in has expired. Go back to the application and start again.',
};
const UNEXPLAINED = 'Something went wrong with this sign-in. Go back to the application and try again.';

/**
 * The portal's own page for a sign-in that cannot go back to the application (unknown client, unregistered
 * redirect_uri, missing PKCE: RFC 6749 §4.1.2.1), in the visitor's language; the OAuth error code and its
 * description stay as the protocol wrote them, for the app's developer.
 */
export function errorPage(language: Language, out: { error?: string; error_description?: string }): string {
  const code = out.error ?? 'server_error';
  return serverPage(language, {
    title: 'Sign-in could not start',
    heading: 'Sign-in could not start',
    text: EXPLAINED[code] ?? UNEXPLAINED,
    ...(out.error_description ? { detail: { code, description: out.error_description } } : {}),
    link: { href: '/login', label: 'Go to the portal' },
  });
}
