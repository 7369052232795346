/** localStorage key the popup leaves the Microsoft code under (spec section 3 lists it as the local value `code`). */
export const MICROSOFT_CODE_KEY = 'code';

/** The popup's window name: it survives the trip to Microsoft and back, so the returning page knows it is the popup. */
const POPUP_NAME = 'suite-portal-microsoft';
const POPUP_WIDTH = 400;
const POPUP_HEIGHT = 600;
const POLL_MS = 500;

function takeCode(): string | null {
  const code = localStorage.getItem(MICROSOFT_CODE_KEY);
  localStorage.removeItem(MICROSOFT_CODE_KEY);
  return code;
}

/**
 * Opens the 400 by 600 popup and waits for it to close. The popup hands the code over through localStorage: the
 * `storage` event arrives even when Microsoft's pages cut the opener link, and a poll on `closed` covers the rest.
 */
export function openMicrosoftPopup(url: string): Promise<string | null> {
  localStorage.removeItem(MICROSOFT_CODE_KEY);
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  const popup = window.open(url, POPUP_NAME, `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
  if (!popup) return Promise.resolve(null);

  return new Promise((resolve) => {
    const finish = () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', onStorage);
      resolve(takeCode());
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === MICROSOFT_CODE_KEY && event.newValue) finish();
    };
    const timer = window.setInterval(() => {
      if (popup.closed) finish();
    }, POLL_MS);
    window.addEventListener('storage', onStorage);
  });
}

/** In the popup, back from Microsoft with `?code=…`: store the code for the opener and close. */
export function finishMicrosoftPopup(): boolean {
  const code = new URLSearchParams(window.location.search).get('code');
  const isPopup = window.name === POPUP_NAME || window.opener !== null;
  if (!code || !isPopup) return false;
  localStorage.setItem(MICROSOFT_CODE_KEY, code);
  window.close();
  return true;
}
