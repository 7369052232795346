import { CallError, ERROR_CODES } from '../../shared/protocol';
import { MESSAGES } from '../../shared/validation/messages';
import { findUserByIdentifier, type UserRow } from '../accounts/queries';
import type { Db } from '../db/client';
import { verifyPassword } from './passwords';

/**
 * An identifier and password checked: the account, or one 403 for an unknown account and a wrong password alike,
 * after the same work (one lookup, one argon2 verification). The attempt was counted before this runs (the
 * `password` budget, spent by the call pipeline), so parallel guesses cannot outrun the limit.
 */
export async function checkCredentials(db: Db, identifier: string, password: string): Promise<UserRow> {
  const user = await findUserByIdentifier(db, identifier);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !passwordOk) throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidCredentials);
  return user;
}
