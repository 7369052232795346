import { escapeHtml } from '../../shared/escape-html';

/** Words for the errors a person may meet at the authorization endpoint, when the app cannot be told. */
const EXPLAINED: Record<string, string> = {
  invalid_client: 'This application is not registered with the portal.',
  invalid_redirect_uri: 'This application asked to return to an address that is not registered for it.',
  invalid_request: 'This sign-in link is not valid.',
  pkce_required: 'This application must protect its sign-in with PKCE (code_challenge, S256). Please contact its developer.',
  session_not_found: 'This sign-in has expired. Go back to the application and start again.',
};

/**
 * The portal's own page for a sign-in that cannot go back to the application (unknown client, unregistered
 * redirect_uri, missing PKCE: RFC 6749 §4.1.2.1). No script or inline style, as the CSP requires.
 */
export function errorPage(out: { error?: string; error_description?: string }): string {
  const code = out.error ?? 'server_error';
  const explained = EXPLAINED[code] ?? 'Something went wrong with this sign-in. Go back to the application and try again.';
  const detail = out.error_description ? `<p>Details: <code>${escapeHtml(code)}</code>: ${escapeHtml(out.error_description)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in could not start</title></head><body><main><h1>Sign-in could not start</h1><p>${escapeHtml(explained)}</p>${detail}<p><a href="/login">Go to the portal</a></p></main></body></html>`;
}
