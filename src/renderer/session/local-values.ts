import { portalConfig } from '../api/portal-config';
import { MICROSOFT_CODE_KEY, platform } from '../platform';

/** Cookies shared with the product hosts (spec section 3). `ubs_token` present means signed in. */
export const COOKIES = { token: 'ubs_token', email: 'ubs_email', previousUrl: 'previousURL' } as const;
export type CookieName = (typeof COOKIES)[keyof typeof COOKIES];

/** Spec section 9: cookies live 90 days. */
const COOKIE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

/** localStorage keys: the spec's local values, plus what the portal itself needs to remember across reloads. */
export const LOCAL_KEYS = {
  selectedLogo: 'selectedLogo',
  code: MICROSOFT_CODE_KEY,
  affiliateCode: 'affiliatecode',
  userCode: 'usercode',
  deviceToken: 'device_token',
  /** The onboarding employee's `_id` from `onboardingLogin`, for the boarding pages a signed-in employee is sent to. */
  onboardingEmployeeId: 'onboarding_employee_id',
  /** 'onboarding' while the stored token is an onboarding employee's; it decides the socket handshake after a reload. */
  accountType: 'account_type',
} as const;
export type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];

export function readCookie(name: CookieName): string | null {
  return platform.cookies.get(name) || null;
}

/** Writes a 90-day cookie on the shared cookie domain of this deployment. */
export function writeCookie(name: CookieName, value: string): void {
  platform.cookies.set(name, value, { maxAgeSeconds: COOKIE_MAX_AGE_SECONDS, domain: portalConfig().cookieDomain });
}

export function removeCookie(name: CookieName): void {
  platform.cookies.remove(name, { domain: portalConfig().cookieDomain });
}

// Storage can throw (disabled storage, private modes); the portal then behaves as if nothing was stored.

export function readLocal(key: LocalKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: LocalKey, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value only saves a step later.
  }
}

export function removeLocal(key: LocalKey): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** Logout: every local value, every session value and the three portal cookies. */
export function clearStoredSession(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage that cannot be read holds nothing to clear.
  }
  for (const name of Object.values(COOKIES)) removeCookie(name);
}
