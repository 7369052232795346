import type { MfaState } from '../auth/mfa';

/**
 * The steps every sign-in passes after its first factor, in order (issue 23 §1). Pure: the facts in, the next step
 * out, so the order is tested apart from any transport.
 * - `verify-email`: the address is not verified yet (a code is mailed; with it, a first password where none was chosen);
 * - `set-up-second-factor`: a company requires a second factor the user has not set up;
 * - `second-factor`: a second factor is required (by a company or by the user) and the first factor was only one;
 * - `done`: the entry point finishes (a session, or the app's interaction); a forced password change comes with it
 *   (`aftrp` beside the token, spec section 4), and the organization is chosen where the request names none.
 */
export type RequiredStep = 'verify-email' | 'set-up-second-factor' | 'second-factor' | 'done';

export interface StepFacts {
  verified: boolean;
  mfa: Pick<MfaState, 'required' | 'setUp'>;
  /** The first factor counted as two. */
  multiFactor: boolean;
  /** A second factor was passed in this call already. */
  secondFactorPassed: boolean;
}

export function nextRequiredStep(facts: StepFacts): RequiredStep {
  if (!facts.verified) return 'verify-email';
  if (facts.mfa.required && !facts.multiFactor && !facts.secondFactorPassed) return facts.mfa.setUp ? 'second-factor' : 'set-up-second-factor';
  return 'done';
}
