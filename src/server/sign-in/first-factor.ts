import type { UserRow } from '../accounts/queries';

/** How a sign-in proved who the account is: the one thing that differs between the ways in. */
export type FirstFactorMethod = 'password' | 'microsoft' | 'passkey' | 'company';

/**
 * What a first factor hands to the required steps: the account, and what the proof was worth. Each way in (the
 * password, Microsoft, a passkey, later a company's own provider) builds one of these and nothing else; the steps
 * after it are the same for all (sign-in-flow.ts).
 */
export interface FirstFactor {
  user: UserRow;
  method: FirstFactorMethod;
  /** Authentication method references (RFC 8176) the ID token of an app sign-in carries. */
  amr: string[];
  /** The proof is already two factors (Microsoft reported one; a passkey with user verification). */
  multiFactor: boolean;
  /** How the security center's audit names the way in: 'password', 'Microsoft', … */
  detail: string;
  /**
   * The client can prove the first factor again with its next call (it holds the password, spec section 3). When it
   * cannot, the second-factor reply carries a sign-in ticket that stands for the first factor (tickets.ts).
   */
  resendable: boolean;
}

export const passwordFactor = (user: UserRow): FirstFactor => ({ user, method: 'password', amr: ['pwd'], multiFactor: false, detail: 'password', resendable: true });

/** Microsoft's ID token reports a multi-factor sign-in (`amr` with `mfa`) or not; it is never re-sent. */
export const microsoftFactor = (user: UserRow, multiFactor: boolean): FirstFactor => ({
  user,
  method: 'microsoft',
  amr: multiFactor ? ['fed', 'mfa'] : ['fed'],
  multiFactor,
  detail: multiFactor ? 'Microsoft with its second factor' : 'Microsoft',
  resendable: false,
});

/** A passkey: with user verification (a PIN or biometrics on the device) it is both factors. */
export const passkeyFactor = (user: UserRow, userVerified: boolean): FirstFactor => ({
  user,
  method: 'passkey',
  amr: userVerified ? ['hwk', 'user', 'mfa'] : ['hwk'],
  multiFactor: userVerified,
  detail: userVerified ? 'a passkey with user verification' : 'a passkey',
  resendable: false,
});

/** A company's own identity provider (issue 25): federated; two factors when it reports them (`amr` with `mfa`, a SAML MFA context). */
export const companyFactor = (user: UserRow, company: string, multiFactor: boolean): FirstFactor => ({
  user,
  method: 'company',
  amr: multiFactor ? ['fed', 'mfa'] : ['fed'],
  multiFactor,
  detail: multiFactor ? `${company} sign-in with its second factor` : `${company} sign-in`,
  resendable: false,
});
