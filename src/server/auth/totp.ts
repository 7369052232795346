import * as OTPAuth from 'otpauth';

/** RFC 6238 as authenticator apps use it by default: SHA-1, 30 s steps, 6 digits; one step of drift either side. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_DRIFT_STEPS = 1;

const ISSUER = 'Suite Portal';

// otpauth (RFC 4226/6238, maintained, used by many apps) does the HMAC and the code window; this module adds only
// what is ours: the replay rule and the URI's issuer.
const totpOf = (secret: OTPAuth.Secret, label = '') =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_STEP_SECONDS, secret });

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The RFC 6238 time step of a moment. */
export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/**
 * The step (now, or one either side) whose code matches, or null. A step at or before `lastUsedStep` is refused, so
 * a code once accepted (or an older one) cannot be used again: replay protection per user.
 */
export function matchTotp(secret: string, code: string, nowMs: number, lastUsedStep: number | null): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  let totp: OTPAuth.TOTP;
  try {
    totp = totpOf(OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '').toUpperCase()));
  } catch {
    return null;
  }
  const delta = totp.validate({ token: code, timestamp: nowMs, window: TOTP_DRIFT_STEPS });
  if (delta === null) return null;
  const step = timeStep(nowMs) + delta;
  return lastUsedStep === null || step > lastUsedStep ? step : null;
}

/** The otpauth URI an authenticator app reads from the QR code. */
export function otpauthUri(email: string, secret: string): string {
  return totpOf(OTPAuth.Secret.fromBase32(secret), email).toString();
}
