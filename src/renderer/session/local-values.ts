import { TOKEN_COOKIE } from '../../shared/protocol/http';
import { MICROSOFT_CODE_KEY, platform, THEME_KEY } from '../platform';

/** Cookies shared with the product hosts (spec section 3). `ubs_token` present means signed in. */
export const COOKIES = { token: TOKEN_COOKIE, email: 'ubs_email', previousUrl: 'previousURL' } as const;
export type CookieName = (typeof COOKIES)[keyof typeof COOKIES];

/** localStorage keys: the spec's local values, plus what the portal itself needs to remember across reloads. */
export const LOCAL_KEYS = {
  selectedLogo: 'selectedLogo',
  code: MICROSOFT_CODE_KEY,
  affiliateCode: 'affiliatecode',
  userCode: 'usercode',
  deviceToken: 'device_token',
  /** The onboarding employee's `_id` from `onboardingLogin`, for the boarding pages a signed-in employee is sent to. */
  onboardingEmployeeId: 'onboarding_employee_id',
  /** The organization (orgId) that employee signed in to: its boarding pages are the only ones their session opens. */
  onboardingOrgId: 'onboarding_org_id',
  /** The web portal's Light/Dark choice (written by platform/theme-setting.ts, read before first paint). */
  theme: THEME_KEY,
  /** The console-logging switch: 'on' or 'off'. */
  consoleLogging: 'console_logging',
  /** The last /portal-config.json, so an offline start can still show the sign-in screen. */
  portalConfig: 'portal_config',
} as const;
export type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];

/** Reads a portal cookie. Writing them is saved-session.ts's job alone. */
export function readCookie(name: CookieName): string | null {
  return platform.cookies.get(name) || null;
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

/**
 * Preferences of this browser, not of the session: they survive logout (the Light/Dark choice, the console-logging
 * switch, and the last portal settings that let an offline start show the sign-in screen).
 */
export const DEVICE_PREFERENCE_KEYS: readonly LocalKey[] = [LOCAL_KEYS.theme, LOCAL_KEYS.consoleLogging, LOCAL_KEYS.portalConfig];

