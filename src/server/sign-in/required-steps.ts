import type { MfaState } from '../auth/mfa';

/**
 * The steps every sign-in passes after its first factor, in order (issue 23 §1). Pure: the facts in, the next step
 * out, so the order is tested apart from any transport.
 * - `verify-email`: the address is not verified yet (a code is mailed; with it, a first password where none was chosen);
 * - `set-up-second-factor`: a company requires a second factor the user has not set up;
 * - `second-factor`: a second factor is required (by a company or by the user) and the first factor was only one,
 *   unless the sign-in comes from a device the user trusted after an earlier second factor (never its setup);
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
  /** The caller's device is a live trusted device of this user, and the user's companies allow trusted devices. */
  trustedDevice?: boolean;
}

export function nextRequiredStep(facts: StepFacts): RequiredStep {
  if (!facts.verified) return 'verify-email';
  if (facts.mfa.required && !facts.multiFactor && !facts.secondFactorPassed) {
    if (!facts.mfa.setUp) return 'set-up-second-factor';
    return facts.trustedDevice ? 'done' : 'second-factor';
  }
  return 'done';
}
