import { MICROSOFT_ANSWER_KEY, MICROSOFT_CODE_KEY, type MicrosoftPopupResult } from './microsoft-popup';

const POLL_MS = 500;

function takeAnswer(): MicrosoftPopupResult {
  try {
    const raw = localStorage.getItem(MICROSOFT_ANSWER_KEY);
    localStorage.removeItem(MICROSOFT_ANSWER_KEY);
    localStorage.removeItem(MICROSOFT_CODE_KEY);
    const answer = raw ? (JSON.parse(raw) as MicrosoftPopupResult) : null;
    return answer && (answer.outcome === 'code' || answer.outcome === 'error') ? answer : { outcome: 'closed' };
  } catch {
    return { outcome: 'closed' };
  }
}

/**
 * Waits for the popup's answer. The popup hands it over through localStorage: the `storage` event arrives even when
 * the provider's pages cut the opener link, and a poll on `closed` covers the rest (and an answer written before
 * this module loaded).
 */
export function waitForAnswer(popup: Window): Promise<MicrosoftPopupResult> {
  return new Promise((resolve) => {
    const finish = () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', onStorage);
      resolve(takeAnswer());
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === MICROSOFT_ANSWER_KEY && event.newValue) finish();
    };
    const timer = window.setInterval(() => {
      if (popup.closed) finish();
    }, POLL_MS);
    window.addEventListener('storage', onStorage);
  });
}
