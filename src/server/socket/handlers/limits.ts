import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import type { LimitRule, RateLimiter } from '../../auth/rate-limit';
import { OTP_LIMIT } from '../../auth/one-time-codes';

const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Requests that mail something (resend, forgot password) or probe addresses: per key, 5 per 15 minutes (the 6th is refused). */
export const MAIL_REQUEST_LIMIT: LimitRule = { maxFailures: 6, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
/** checkEmailExistense: per client address, 30 per 15 minutes (the 31st is refused). Enough to correct typos, too few to harvest addresses. */
export const EMAIL_CHECK_LIMIT: LimitRule = { maxFailures: 31, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/**
 * Guards a six-digit code check: refuses while the key is locked, and returns `fail`, which counts one wrong
 * code and returns the error to throw (429 once the allowance is used up).
 */
export async function codeAttempt(limiter: RateLimiter, key: string) {
  const wait = await limiter.retryAfter(key);
  if (wait > 0) throw new CallError(ERROR_CODES.TOO_MANY_ATTEMPTS, MESSAGES.tooManyCodes(minutesOf(wait)), { retryAfter: wait });
  return {
    fail: async (message: string = MESSAGES.invalidOtp): Promise<CallError> => {
      const locked = await limiter.fail(key, OTP_LIMIT);
      if (locked > 0) return new CallError(ERROR_CODES.TOO_MANY_ATTEMPTS, MESSAGES.tooManyCodes(minutesOf(locked)), { retryAfter: locked });
      return new CallError(ERROR_CODES.FORBIDDEN, message);
    },
    succeed: () => limiter.clear(key),
  };
}

/** Counts one request against `rule` for `key`; throws 429 once the allowance is used up. */
export async function countRequest(limiter: RateLimiter, key: string, rule: LimitRule): Promise<void> {
  const wait = await limiter.retryAfter(key);
  const locked = wait > 0 ? wait : await limiter.fail(key, rule);
  if (locked > 0) throw new CallError(ERROR_CODES.TOO_MANY_ATTEMPTS, MESSAGES.tooManyRequests(minutesOf(locked)), { retryAfter: locked });
}
