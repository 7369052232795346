import { MICROSOFT_ANSWER_KEY, MICROSOFT_CODE_KEY, POPUP_NAME, type MicrosoftPopupResult } from './microsoft-popup';

/** The answer in a callback URL's query (`code` + `state`, or `error`), or null when it carries neither. */
export function answerFromQuery(search: string): Exclude<MicrosoftPopupResult, { outcome: 'closed' | 'blocked' }> | null {
  const query = new URLSearchParams(search);
  const code = query.get('code');
  const state = query.get('state');
  const error = query.get('error');
  if (code && state) return { outcome: 'code', code, state, iss: query.get('iss') };
  if (error) return { outcome: 'error', error: error.slice(0, 100), description: query.get('error_description')?.slice(0, 300) ?? null };
  return null;
}

/**
 * On /auth/ms/callback: store the answer for the opener and close. A callback page that is not a popup (opened by
 * hand, or its window could not close) goes to /login.
 */
export function handOverAnswer(): void {
  const answer = answerFromQuery(window.location.search);
  const isPopup = window.name === POPUP_NAME || window.opener !== null;
  if (answer && isPopup) {
    try {
      if (answer.outcome === 'code') localStorage.setItem(MICROSOFT_CODE_KEY, answer.code);
      localStorage.setItem(MICROSOFT_ANSWER_KEY, JSON.stringify(answer));
    } catch {
      // Storage refused: the opener sees a closed window and says so.
    }
    window.close();
  }
  // Still open a moment later (not a popup): the sign-in page, without the code in the address bar.
  window.setTimeout(() => {
    if (!window.closed) window.location.replace('/login');
  }, 300);
}
