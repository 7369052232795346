// Session values: what one browser tab keeps across a reload (sessionStorage), beside the local values of
// local-values.ts. A module of its own so /login's first paint does not carry it (the sign-in screen keeps none).
/** sessionStorage keys: what one tab keeps across a reload until it is closed or the user logs out (never a password). */
export const SESSION_KEYS = {
  /** /register's fields typed so far, both steps, without the password and its confirmation (`features/sign-up`). */
  signUpDraft: 'sign_up_draft',
} as const;
export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

/** Reads a value this tab kept across reloads. */
export function readSession(key: SessionKey): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps a value for this tab's next reload. */
export function writeSession(key: SessionKey, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value only saves typing after a reload.
  }
}

/** Forgets a value this tab kept. */
export function removeSession(key: SessionKey): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
