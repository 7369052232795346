import { CallError, ERROR_CODES } from '../../shared/protocol';
import { findUserById } from '../accounts/queries';
import type { Services } from '../services';
import type { FirstFactor, FirstFactorMethod } from './first-factor';

export const SIGN_IN_TICKET_EXPIRED = 'This sign-in has expired. Please sign in again.';

const METHODS: ReadonlySet<string> = new Set<FirstFactorMethod>(['password', 'microsoft', 'passkey']);

/**
 * The first factor a sign-in ticket stands for, with the account as it is now. A ticket never counts as two factors
 * and is never re-sendable: it only carries a sign-in to its second factor (or its setup). Forged, expired, or for an
 * account that is gone: 401 with one sentence, the same for each.
 */
export async function resumeFromTicket(services: Pick<Services, 'db' | 'sessions'>, ticket: string): Promise<FirstFactor> {
  const facts = services.sessions.readTicket(ticket);
  const user = facts && METHODS.has(facts.method) ? await findUserById(services.db, facts.userId) : null;
  if (!facts || !user) throw new CallError(ERROR_CODES.UNAUTHENTICATED, SIGN_IN_TICKET_EXPIRED);
  return { user, method: facts.method as FirstFactorMethod, amr: facts.amr, multiFactor: false, detail: facts.detail, resendable: false };
}
