import { LANGUAGE_COOKIE } from '../../shared/i18n/languages';
import { portalConfig } from '../api/portal-config';
import { platform } from '../platform';
import { COOKIES, DEVICE_PREFERENCE_KEYS, LOCAL_KEYS, readCookie, removeLocal, writeLocal, type CookieName } from './local-values';
import { safeInternalPath } from './previous-url';

/**
 * The one module that writes what a session leaves behind: the `ubs_token` (a cookie on the web, the keychain in the
 * desktop apps: `platform.cookies` decides), `ubs_email` and `previousURL` (cookies shared with the product hosts, 90
 * days, spec section 9), and the onboarding employee's id and organization. Features call these functions; none writes a cookie itself
 * (lint forbids `platform.cookies` and `document.cookie` elsewhere in the renderer).
 */

/** Spec section 9: cookies live 90 days, on the shared cookie domain of this deployment. */
const COOKIE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

function writeCookie(name: CookieName, value: string): void {
  platform.cookies.set(name, value, { maxAgeSeconds: COOKIE_MAX_AGE_SECONDS, domain: portalConfig().cookieDomain });
}

function removeCookie(name: CookieName): void {
  platform.cookies.remove(name, { domain: portalConfig().cookieDomain });
}

/** The session token's write: the cookie on the web, the keychain on the desktop; settled once it is kept (or not). */
function writeToken(token: string): Promise<{ persistent: boolean }> {
  return platform.saveToken(token, { maxAgeSeconds: COOKIE_MAX_AGE_SECONDS, domain: portalConfig().cookieDomain });
}

/**
 * A sign-in (or a password change) gave a token: keep it, and the account's email when it is known. Only the session
 * module (`sign-in.ts`) calls this, before it tells the store.
 */
export function saveSignIn(token: string, email?: string | null): Promise<{ persistent: boolean }> {
  // A regular account's session now: the handshake no longer flags an onboarding employee's.
  removeLocal(LOCAL_KEYS.onboardingEmployeeId);
  removeLocal(LOCAL_KEYS.onboardingOrgId);
  if (email) writeCookie(COOKIES.email, email);
  return writeToken(token);
}

/** The address the Verify Your Email screen will ask about (sign-up, registration, an unverified sign-in). */
export function saveEmail(email: string): void {
  writeCookie(COOKIES.email, email);
}

/**
 * An onboarding or preboarding employee signed in: their token, their id for the boarding pages, and the organization
 * they signed in to (the server found them on that organization's list), so the guard sends them only to its pages.
 */
export function saveOnboardingSignIn(token: string, employee: { id: string; orgId: string }): Promise<{ persistent: boolean }> {
  writeLocal(LOCAL_KEYS.onboardingEmployeeId, employee.id);
  writeLocal(LOCAL_KEYS.onboardingOrgId, employee.orgId);
  return writeToken(token);
}

/** Where to return after signing in (an invitation link that needs a session first). */
export function rememberPreviousUrl(path: string): void {
  writeCookie(COOKIES.previousUrl, path);
}

/**
 * The previousURL cookie as a safe path, without using it up. A value that is not a safe path is of no use to anyone,
 * so it is cleared on sight.
 */
export function peekPreviousUrl(): string | null {
  const raw = readCookie(COOKIES.previousUrl);
  const path = safeInternalPath(raw);
  if (raw !== null && path === null) removeCookie(COOKIES.previousUrl);
  return path;
}

/** Clears the previousURL cookie once it has been followed. */
export function forgetPreviousUrl(): void {
  removeCookie(COOKIES.previousUrl);
}

/**
 * The language the visitor chose (the sign-in screens' picker), in a cookie so that the server makes the next page in
 * it. A preference of this browser, not of the session: logout keeps it.
 */
export function saveLanguage(language: string): void {
  platform.cookies.set(LANGUAGE_COOKIE, language, { maxAgeSeconds: COOKIE_MAX_AGE_SECONDS, domain: portalConfig().cookieDomain });
}

/** The language remembered by `saveLanguage`, as stored (the caller checks it). */
export function savedLanguage(): string | null {
  return platform.cookies.get(LANGUAGE_COOKIE) || null;
}

/** Logout: every local value, every session value and the three portal cookies; this browser's preferences stay. */
export function clearSavedSession(): void {
  // The language is a preference too; in the desktop apps it is a local value, which the clearing below would take.
  const language = savedLanguage();
  try {
    const kept = DEVICE_PREFERENCE_KEYS.flatMap((key) => {
      const value = localStorage.getItem(key);
      return value === null ? [] : [[key, value] as const];
    });
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of kept) localStorage.setItem(key, value);
  } catch {
    // Storage that cannot be read holds nothing to clear.
  }
  for (const name of Object.values(COOKIES)) removeCookie(name);
  if (language) saveLanguage(language);
}

/** Sign-up is done: the affiliate and user codes of spec section 4 have done their job. */
export function forgetReferralCodes(): void {
  removeLocal(LOCAL_KEYS.affiliateCode);
  removeLocal(LOCAL_KEYS.userCode);
}
