import { CallError, ERROR_CODES } from '../../shared/protocol';
import { MESSAGES } from '../../shared/validation/messages';
import { findUserByIdentifier, type UserRow } from '../accounts/queries';
import type { Services } from '../services';
import { verifyPassword } from './passwords';
import { SIGN_IN_LIMITS } from './rate-limit';

/** 429 with the wait in whole minutes for people, and in seconds for clients. */
export function tooManyAttempts(seconds: number): CallError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new CallError(
    ERROR_CODES.TOO_MANY_ATTEMPTS,
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfter: seconds },
  );
}

/**
 * Checks an identifier and password under the sign-in limits and returns the account. Used by `login` and by
 * the multi-factor events called with held login details, so both spend the same budget of guesses.
 */
export async function checkCredentials(
  { db, limiter, log }: Pick<Services, 'db' | 'limiter' | 'log'>,
  rawIdentifier: string,
  password: string,
  ip: string | null,
): Promise<UserRow> {
  const identifier = rawIdentifier.trim().toLowerCase();
  const identifierKey = `sign-in:identifier:${identifier}`;
  const addressKey = `sign-in:address:${ip ?? 'unknown'}`;
  const wait = Math.max(await limiter.retryAfter(identifierKey), await limiter.retryAfter(addressKey));
  if (wait > 0) throw tooManyAttempts(wait);

  const user = await findUserByIdentifier(db, identifier);
  // An account is limited as a whole too, so its email and user name do not give two budgets of guesses.
  const accountKey = user ? `sign-in:account:${user.id}` : null;
  const accountWait = accountKey ? await limiter.retryAfter(accountKey) : 0;
  if (accountWait > 0) throw tooManyAttempts(accountWait);
  const passwordOk = await verifyPassword(user?.passwordHash || null, password);
  if (!user || !passwordOk) {
    const locked = Math.max(
      await limiter.fail(identifierKey, SIGN_IN_LIMITS.identifier),
      accountKey ? await limiter.fail(accountKey, SIGN_IN_LIMITS.identifier) : 0,
      await limiter.fail(addressKey, SIGN_IN_LIMITS.address),
    );
    log.warn('sign-in.failed', { ip, locked: locked > 0 });
    // One answer for an unknown account and a wrong password.
    if (locked > 0) throw tooManyAttempts(locked);
    throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidCredentials);
  }
  await limiter.clear(identifierKey);
  await limiter.clear(accountKey!);
  return user;
}
