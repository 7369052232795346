import type { LimitName } from '../../shared/protocol';

/**
 * What one rule counts:
 * - `pair`: the subject from one client address (an attacker at one address locks only themselves);
 * - `subject`: the subject from every address (a higher cap, against guesses spread over many addresses);
 * - `address`: everything from one client address (many subjects tried from one place).
 */
export type RuleScope = 'pair' | 'subject' | 'address';

export interface LimitRule {
  per: RuleScope;
  /** Attempts allowed in one window; the next one is refused and locks the key for `blockSeconds`. */
  points: number;
  windowSeconds: number;
  blockSeconds: number;
  /**
   * What a successful call does to the attempt it spent: `refund` gives that one attempt back, `keep` leaves it
   * counted (requests that send mail). A success never wipes the failures before it: with the right answer among a
   * hundred wrong ones, still no more than `points` wrong ones are ever checked.
   */
  onSuccess: 'refund' | 'keep';
  /** When this rule locks a known account, its owner is mailed a one-time link that lifts the lock. */
  unlockByMail?: boolean;
  /**
   * For a `subject` rule of an identifier (a payload subject): a caller on a known device of the account the
   * identifier names (a live trusted device, `sign-in/trusted-devices.ts`) is counted on a key of that device's own,
   * apart from every other caller. Failures from unknown devices then never lock a known one out, and a known
   * device's own failures lock only itself. The rules before and after it count every caller alike.
   */
  knownDevicesApart?: boolean;
}

export interface LimitPolicy {
  /** Whose budget it is; events name the payload value that is the subject (see EventPolicy.limits). */
  subject: 'payload' | 'account' | 'address';
  /** What is counted, for the README table and logs. */
  counts: string;
  /** Checked in order, most specific first: a refused attempt is not counted by the rules after the one refusing it. */
  rules: LimitRule[];
}

const MINUTE = 60;
const pair = (points: number, minutes: number, onSuccess: LimitRule['onSuccess']): LimitRule => ({ per: 'pair', points, windowSeconds: minutes * MINUTE, blockSeconds: minutes * MINUTE, onSuccess });
const subject = (points: number, minutes: number, onSuccess: LimitRule['onSuccess']): LimitRule => ({ per: 'subject', points, windowSeconds: minutes * MINUTE, blockSeconds: minutes * MINUTE, onSuccess });
const address = (points: number, minutes: number, onSuccess: LimitRule['onSuccess']): LimitRule => ({ per: 'address', points, windowSeconds: minutes * MINUTE, blockSeconds: minutes * MINUTE, onSuccess });

/**
 * Every attempt budget of the portal. Guessing budgets (passwords, codes) are spent before the check; a success gives
 * the attempt back. The README's limits table is this list in words.
 */
export const LIMIT_POLICIES: Record<LimitName, LimitPolicy> = {
  password: {
    subject: 'payload',
    counts: 'password checks of an identifier (login, the multi-factor events with held login details, onboardingLogin)',
    rules: [pair(5, 15, 'refund'), { ...subject(20, 60, 'refund'), unlockByMail: true, knownDevicesApart: true }, address(50, 15, 'refund')],
  },
  secondFactor: { subject: 'account', counts: 'second-factor codes (mailed code, authenticator) of an account, after its password', rules: [subject(5, 15, 'refund')] },
  recoveryCode: { subject: 'account', counts: 'recovery codes spent in place of the second factor, after the password or with a session', rules: [subject(5, 15, 'refund')] },
  recoveryReset: {
    subject: 'payload',
    counts: 'recovery codes offered with an identifier to reset its password (forgotPasswordWithRecoveryCode)',
    rules: [pair(5, 15, 'refund'), subject(20, 60, 'refund'), address(50, 15, 'refund')],
  },
  emailCode: {
    subject: 'payload',
    counts: 'email verification codes offered for an address (activateAccount)',
    rules: [pair(5, 15, 'refund'), subject(20, 60, 'refund'), address(50, 15, 'refund')],
  },
  organizationCode: { subject: 'account', counts: 'organization verification codes offered by a signed-in admin (activateOrganization)', rules: [subject(5, 15, 'refund')] },
  linkCode: {
    subject: 'address',
    counts: 'reset links, invitation codes, client invitation tokens and unlock links looked up from one address',
    rules: [subject(30, 15, 'refund')],
  },
  mailRequest: {
    subject: 'payload',
    counts: 'requests that mail an address (forgotPassword, resendOTP, onboardingForgotPassword)',
    rules: [pair(5, 15, 'keep'), address(20, 15, 'keep')],
  },
  codeMail: { subject: 'account', counts: 'second-factor codes mailed to an account at sign-in', rules: [subject(5, 15, 'keep')] },
  emailCheck: { subject: 'address', counts: 'checkEmailExistense from one address', rules: [subject(30, 15, 'keep')] },
  signUp: { subject: 'address', counts: 'company and onboarding sign-ups from one address', rules: [subject(5, 15, 'keep')] },
  passwordChange: { subject: 'account', counts: 'current-password checks of a signed-in user (hrms|myPassword|update)', rules: [subject(5, 15, 'refund')] },
  auditExport: { subject: 'account', counts: "CSV exports of an organization's audit by one admin (exportOrganizationAudit)", rules: [subject(10, 15, 'keep')] },
  microsoftSignIn: {
    subject: 'address',
    counts: 'Microsoft sign-ins started (/auth/ms/login, always counted) and finished (msLogin, given back on success) from one address',
    rules: [subject(100, 15, 'refund')],
  },
  adminChange: {
    subject: 'account',
    counts: "changes an admin makes in the admin console (or an app through the admin API): invitations, roles, policies, apps",
    rules: [subject(120, 15, 'keep')],
  },
  imageUpload: { subject: 'account', counts: 'images uploaded for the admin console (a company or app logo)', rules: [subject(30, 15, 'keep')] },
  passkeyChange: { subject: 'account', counts: 'passkeys added or removed by a signed-in user (each mails the owner)', rules: [subject(20, 15, 'keep')] },
  passkeyOptions: {
    subject: 'address',
    counts: 'passkey sign-ins started from one address (getPasskeySignInOptions: the sign-in screen asks once as it opens)',
    rules: [subject(300, 15, 'keep')],
  },
  passkeySignIn: {
    subject: 'address',
    counts: 'passkey assertions checked (passkeyLogin, passkeyDesktopCode) and desktop passkey codes redeemed (passkeyDesktopLogin) from one address; given back on success',
    rules: [subject(50, 15, 'refund')],
  },
  ssoSignIn: {
    subject: 'address',
    counts: "company sign-ins started (/{orgId}/sso), providers' answers (/sso/oidc/callback, the SAML ACS) and hand-offs redeemed (ssoLogin, given back on success) from one address",
    rules: [subject(100, 15, 'refund')],
  },
  signInDiscovery: {
    subject: 'address',
    counts: "sign-in pages asking whether an address's domain signs in with its company (discoverSignIn)",
    rules: [subject(1000, 15, 'keep')],
  },
  scim: {
    subject: 'account',
    counts: "SCIM requests with an organization's provisioning token (by token), and from one address",
    rules: [subject(1200, 1, 'keep'), address(2400, 1, 'keep')],
  },
  scimToken: {
    subject: 'address',
    counts: 'SCIM requests whose bearer token is missing, unknown, revoked or of another organization, from one address',
    rules: [subject(30, 15, 'keep')],
  },
};

/**
 * Calls one connection may make in a window, whatever they are: beyond it, its calls get 429 until the window is
 * over. A screen makes a handful of calls at a time; fifty in five seconds is a flood. A socket whose window has
 * refused `disconnectAfter` calls is closed: what it sent after them is never even read.
 */
export const CONNECTION_RATE = { points: 50, windowSeconds: 5, disconnectAfter: 200 } as const;

/**
 * Socket calls from one client address running at once, over all its connections: beyond, a call is answered 429
 * "The server is busy" at once, before the pipeline, so a burst spread over many sockets cannot queue thousands of
 * calls ahead of everyone else's. A screen has a handful of calls running; an office behind one address, a few dozen
 * (and the budgets' own tests send a few hundred at once from one address, which each budget must answer itself).
 */
export const ADDRESS_IN_FLIGHT = 500;

/**
 * Of those, the calls that run at once: the others wait their turn (socket/address-turns.ts), so a burst from one
 * address has this many calls in the pipeline, not hundreds ahead of other clients' at the database and on the event
 * loop. Above a database pool's ten connections, so that calls of one address can still use them all.
 */
export const ADDRESS_RUNNING = 16;

/**
 * A recipient gets at most this many mails of one kind (reset links, verification codes, unlock links) in a window,
 * however often and from however many addresses they are asked for. Beyond it the request is answered as usual and
 * no mail goes out: the code or link mailed last keeps working, so this caps a mail flood without locking anyone out.
 */
export const MAILS_PER_RECIPIENT = { points: 5, windowSeconds: 15 * 60 } as const;
