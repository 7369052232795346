import { CallError, ERROR_CODES, type LimitName } from '../../shared/protocol';
import type { LoginReply, MfaType } from '../../shared/protocol/schemas';
import type { UserRow } from '../accounts/queries';
import { forgetUnprovenPassword, pendingSignUpOrganization, sendAccountCode } from '../accounts/verification';
import { recordAudit } from '../audit/audit-log';
import type { CallOrigin } from '../auth/device';
import { defaultMfaType, mailLoginCode, mfaState, passSecondFactor, secondFactorReply, type MfaState } from '../auth/mfa';
import type { Attempt } from '../limits/limiter';
import type { Services } from '../services';
import type { FirstFactor } from './first-factor';
import { nextRequiredStep } from './required-steps';
import { issueDeviceGrant, useTrustedDevice } from './trusted-devices';
import { enforcedCompanySignIn } from '../sso/enforcement';
import { SSO_MESSAGES } from '../sso/sso-sign-in';

/** The second-factor codes by MFAType, as the audit log names them. */
export const FACTOR_CODES = { 1: 'work email code', 2: 'authenticator code' } as const;

/** A sign-in ticket lives this long: time to read a mailed code or open the authenticator app. */
export const SIGN_IN_TICKET_SECONDS = 600;

/** What the call gives the flow: where it comes from, and the budgets it may spend at the checks they guard. */
export interface FlowCall {
  origin: CallOrigin;
  spend(policy: LimitName, accountId: string): Promise<Attempt>;
  /** The caller's trusted-device token (the `portal_device` cookie, or the desktop app's handshake), if any. */
  deviceToken: string | null;
}

/** What the client sent for the step it was shown: the second factor's type and code (none asks for the code). */
export interface StepAnswer {
  MFAType?: MfaType;
  otp?: string;
  /** With `otp`: trust this device for 30 days when the user's companies allow it. */
  rememberDevice?: boolean;
}

/**
 * Where a sign-in stands after this call:
 * - `verify-email`: a code was mailed; the client goes to /verify-email;
 * - `second-factor`: the client shows the code screen (`setUp`), or the setup screen; `ticket` stands for the first
 *   factor when the client cannot send it again;
 * - `passed`: every step is done; the entry point finishes (opens the portal session or finishes the app's interaction).
 */
export type FlowResult =
  | { step: 'verify-email'; user: UserRow }
  | { step: 'second-factor'; user: UserRow; mfa: MfaState; MFAType: MfaType; ticket?: string }
  | {
      step: 'passed';
      user: UserRow;
      amr: string[];
      detail: string;
      /** A second factor was checked in this call (not skipped: not required, the first factor was two, or a trusted device). */
      secondFactorChecked: boolean;
      deviceGrant?: string;
    };

/**
 * The one queue of required steps after a first factor (issue 23 §1), for every way in: socket `login`, `msLogin`,
 * `continueSignIn`, the passkey events and `/oauth2/login`. The order is `nextRequiredStep`'s; this runs each step:
 * mails the verification code, mails or checks the second factor (spending `codeMail` and `secondFactor` for the
 * account first, and writing a failed check to its audit log), and tells the entry point when all are done.
 */
export async function takeRequiredSteps(
  services: Services,
  call: FlowCall,
  factor: FirstFactor,
  answer: StepAnswer,
  /** An app's Authorize screen cannot show /verify-email: its step is named, no code is mailed. */
  surface: 'portal' | 'app' = 'portal',
): Promise<FlowResult> {
  const { user } = factor;
  if (factor.method === 'password') await refuseWhereCompanySignInIsRequired(services, call, user);
  const mfa = await mfaState(services, user);
  let step = nextRequiredStep({ verified: user.verified, mfa, multiFactor: factor.multiFactor, secondFactorPassed: false });
  // Only a sign-in that would be asked for its second factor looks its device up (and touches it when trusted).
  if (step === 'second-factor' && mfa.mayTrustDevice && (await useTrustedDevice(services.db, user.id, call.deviceToken))) {
    step = nextRequiredStep({ verified: user.verified, mfa, multiFactor: factor.multiFactor, secondFactorPassed: false, trustedDevice: true });
    if (step === 'done') {
      services.log.info('sign-in.trusted-device', { userId: user.id, via: factor.method });
      return { step: 'passed', user, amr: factor.amr, detail: `${factor.detail} on a trusted device`, secondFactorChecked: false };
    }
  }
  if (step === 'verify-email') {
    if (surface === 'app') return { step, user };
    // A way in other than the password (Microsoft vouching for the address) proves nothing about who chose the
    // password the account was signed up with: anyone can sign up with another's address. Until the address is
    // verified that password counts as unchosen, so the verification asks its owner for one, which replaces it.
    const owner = factor.method !== 'password' && user.passwordChosen ? await forgetUnprovenPassword(services.db, user) : user;
    // The first factor proves who asks, so a fresh code goes out for the Verify Your Email screen.
    await sendAccountCode(services, owner, await pendingSignUpOrganization(services.db, user.id));
    services.log.info('sign-in.unverified', { userId: user.id, via: factor.method });
    return { step, user };
  }
  const ticket = () => (factor.resendable ? undefined : services.sessions.issueTicket(user.id, { method: factor.method, amr: factor.amr, detail: factor.detail }, SIGN_IN_TICKET_SECONDS));
  if (step === 'set-up-second-factor') return { step: 'second-factor', user, mfa, MFAType: defaultMfaType(mfa), ticket: ticket() };
  if (step === 'done') return { step: 'passed', user, amr: factor.amr, detail: factor.detail, secondFactorChecked: false };

  const type = answer.MFAType ?? defaultMfaType(mfa);
  if (answer.otp === undefined) {
    // The first reply (and a resend) mails a code when work email is the factor in play.
    if (type === 1 && mfa.usable.email) {
      await call.spend('codeMail', user.id);
      await mailLoginCode(services, user);
    }
    services.log.info('sign-in.second-factor', { userId: user.id, MFAType: type, via: factor.method });
    return { step: 'second-factor', user, mfa, MFAType: type, ticket: ticket() };
  }
  await call.spend('secondFactor', user.id);
  try {
    await passSecondFactor(services, user, mfa, type, answer.otp);
  } catch (error) {
    if (error instanceof CallError && error.code === ERROR_CODES.FORBIDDEN) {
      await recordAudit(services.db, user.id, { kind: 'sign-in-failed', detail: `wrong ${FACTOR_CODES[type]}`, origin: call.origin });
    }
    throw error;
  }
  const deviceGrant = answer.rememberDevice && mfa.mayTrustDevice ? await issueDeviceGrant(services.db, user.id, call.origin) : undefined;
  return { step: 'passed', user, amr: [...factor.amr, type === 1 ? 'otp' : 'mfa'], detail: `${factor.detail} and ${FACTOR_CODES[type]}`, secondFactorChecked: true, ...(deviceGrant ? { deviceGrant } : {}) };
}

/** The login reply (spec section 3) of a step the portal's screens show; `passed` is the entry point's to finish. */
export function loginReplyOf(result: Exclude<FlowResult, { step: 'passed' }>): LoginReply {
  if (result.step === 'verify-email') return { activateAccount: true, email: result.user.email };
  return { ...secondFactorReply(result.mfa, result.user.email, result.MFAType), ...(result.ticket ? { ticket: result.ticket } : {}) };
}

/**
 * Enforcement (issue 25): a password sign-in of an address on a domain whose organization requires its company sign-in
 * is refused, after the password was found right (so the refusal tells nothing about accounts), with the company's
 * name; its admins keep their password (sso/enforcement.ts). Audited as a failed sign-in.
 */
async function refuseWhereCompanySignInIsRequired(services: Services, call: FlowCall, user: UserRow): Promise<void> {
  const required = await enforcedCompanySignIn(services.db, user);
  if (!required) return;
  await recordAudit(services.db, user.id, { kind: 'sign-in-failed', detail: `password refused: ${required.company} sign-in is required`, origin: call.origin });
  throw new CallError(ERROR_CODES.FORBIDDEN, SSO_MESSAGES.enforced(required.company));
}
