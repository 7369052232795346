import { HTTP_ROUTES } from '../../shared/protocol/http';

/** localStorage key the popup leaves the Microsoft code under (spec section 3 lists it as the local value `code`). */
export const MICROSOFT_CODE_KEY = 'code';
/** localStorage key of the whole answer (code, state, iss, or the provider's error), written last: the opener waits for it. */
export const MICROSOFT_ANSWER_KEY = 'ms_answer';

/** The popup's window name: it survives the trip to Microsoft and back, so the returning page knows it is the popup. */
export const POPUP_NAME = 'suite-portal-microsoft';

/** How a Microsoft sign-in window ended. */
export type MicrosoftPopupResult =
  | { outcome: 'code'; code: string; state: string; iss: string | null }
  | { outcome: 'error'; error: string; description: string | null }
  /** Closed by the user before the provider answered. */
  | { outcome: 'closed' }
  /** The browser refused to open the window (a pop-up blocker). */
  | { outcome: 'blocked' };

const POPUP_WIDTH = 400;
const POPUP_HEIGHT = 600;

/**
 * Opens the 400 by 600 popup, at once (still inside the click, so no pop-up blocker objects), then waits for its
 * answer with `microsoft-popup-window.ts`, loaded only then: /login does not carry it.
 */
export async function openMicrosoftPopup(url: string): Promise<MicrosoftPopupResult> {
  localStorage.removeItem(MICROSOFT_ANSWER_KEY);
  localStorage.removeItem(MICROSOFT_CODE_KEY);
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  const popup = window.open(url, POPUP_NAME, `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
  if (!popup) return { outcome: 'blocked' };
  return (await import('./microsoft-popup-window')).waitForAnswer(popup);
}

/**
 * At start-up, on the portal page the provider returns to (/auth/ms/callback): true there, so the app does not start
 * in the popup, and `microsoft-popup-callback.ts` (loaded only there: /login does not carry it) hands the answer over.
 */
export function finishMicrosoftPopup(): boolean {
  if (window.location.pathname !== HTTP_ROUTES.msCallback) return false;
  void import('./microsoft-popup-callback').then((callback) => callback.handOverAnswer());
  return true;
}
