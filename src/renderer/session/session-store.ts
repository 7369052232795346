import { create } from 'zustand';
import type { PlanAccess } from '../../shared/products';
import type { LoginReply, MfaType, SessionReply } from '../../shared/protocol';
import type { DeviceKind } from '../platform';

/** What `authenticate` says about the session beyond the flags kept at the top level. */
export interface AuthData {
  isCompanyMFA: boolean;
  isUserMFASetup: boolean;
  S3_BASEURL: string | null;
  firstName: string | null;
  lastName: string | null;
  activeOrgId: string | null;
}

/**
 * Sign-in details held for the second factor (spec section 3). In memory only: never written to storage. A first
 * factor the client cannot send again (Microsoft, a passkey) leaves `password` empty and holds the server's sign-in
 * `ticket` instead.
 */
export interface LogInDetails {
  identifier: string;
  password: string;
  ticket: string | null;
  platform: DeviceKind;
  email: string | null;
  isCompanyMFA: boolean;
  isEmailMFA: boolean;
  isAuthenticatorAppMFA: boolean;
  MFAType: MfaType;
  /** The user's companies let this device skip the second factor for 30 days (the box on /multi-factor-authenticate). */
  mayTrustDevice: boolean;
}

/** The session state of spec section 3. */
export interface SessionState {
  connected: boolean;
  token: string | null;
  email: string | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  authData: AuthData | null;
  logInDetails: LogInDetails | null;
  forgotRecoveryUser: string | null;
  employeeCode: string | null;
  planAccess: PlanAccess | null;
  error: string | null;
  /** A forced password change is pending. */
  aftrp: boolean;
}

export const INITIAL_SESSION: SessionState = {
  connected: false,
  token: null,
  email: null,
  isAuthenticated: false,
  isAdmin: false,
  authData: null,
  logInDetails: null,
  forgotRecoveryUser: null,
  employeeCode: null,
  planAccess: null,
  error: null,
  aftrp: false,
};

// Transitions: plain functions from one state to the next, applied with `updateSession`.

/** Boot: what the cookies say. A token is a claim to a session, not yet an authenticated one. */
export function restored(state: SessionState, stored: { token: string | null; email: string | null }): SessionState {
  return { ...state, token: stored.token, email: stored.email };
}

export function connectionChanged(state: SessionState, connected: boolean): SessionState {
  return state.connected === connected ? state : { ...state, connected };
}

/** The company asks for a second factor: keep the details for the next screen; second factor defaults to email unless only the app is on. */
export function secondFactorRequired(
  state: SessionState,
  input: { identifier: string; password: string; platform: DeviceKind; reply: LoginReply },
): SessionState {
  const { reply } = input;
  const isEmailMFA = reply.isEmailMFA ?? false;
  const isAuthenticatorAppMFA = reply.isAuthenticatorAppMFA ?? false;
  const fallbackType: MfaType = isAuthenticatorAppMFA && !isEmailMFA ? 2 : 1;
  return {
    ...state,
    logInDetails: {
      identifier: input.identifier,
      password: input.password,
      ticket: reply.ticket ?? null,
      platform: input.platform,
      email: reply.email ?? null,
      isCompanyMFA: reply.isCompanyMFA ?? true,
      isEmailMFA,
      isAuthenticatorAppMFA,
      MFAType: reply.MFAType ?? fallbackType,
      mayTrustDevice: reply.mayTrustDevice ?? false,
    },
    authData: { ...(state.authData ?? emptyAuthData()), isCompanyMFA: reply.isCompanyMFA ?? true, isUserMFASetup: reply.isUserMFASetup ?? false },
  };
}

/** A login that went all the way: signed in, the held password is dropped. */
export function signedIn(state: SessionState, input: { token: string; reply: LoginReply }): SessionState {
  const { reply } = input;
  return {
    ...state,
    token: input.token,
    email: reply.email ?? state.email,
    isAuthenticated: true,
    logInDetails: null,
    planAccess: reply.planAccess ?? state.planAccess,
    authData: { ...(state.authData ?? emptyAuthData()), isCompanyMFA: reply.isCompanyMFA ?? false, isUserMFASetup: reply.isUserMFASetup ?? false },
    aftrp: false,
    error: null,
  };
}

/** Signed in, but the password must be changed first; `authenticate` fills in the rest on /change-password. */
export function passwordChangeRequired(state: SessionState, input: { token: string; email: string | null }): SessionState {
  return { ...state, token: input.token, email: input.email ?? state.email, isAuthenticated: false, logInDetails: null, aftrp: true };
}


/** `authenticate` resolved the stored token. */
export function authenticated(state: SessionState, reply: SessionReply): SessionState {
  return {
    ...state,
    email: reply.email,
    isAuthenticated: true,
    isAdmin: reply.isAdmin,
    employeeCode: reply.employeeCode,
    planAccess: reply.planAccess,
    aftrp: reply.aftrp,
    authData: {
      isCompanyMFA: reply.isCompanyMFA,
      isUserMFASetup: reply.isUserMFASetup,
      S3_BASEURL: reply.S3_BASEURL,
      firstName: reply.firstName,
      lastName: reply.lastName,
      activeOrgId: reply.activeOrgId,
    },
    error: null,
  };
}

/** A changed password comes with a new token and ends the forced change. */
export function passwordChanged(state: SessionState, token: string): SessionState {
  return { ...state, token, aftrp: false };
}

/** The second-factor type chosen on the multi-factor screen (both factors enabled). */
export function mfaTypeChosen(state: SessionState, MFAType: MfaType): SessionState {
  return state.logInDetails ? { ...state, logInDetails: { ...state.logInDetails, MFAType } } : state;
}

/** forgotPasswordWithRecoveryCode returned the reset ticket; null once it is used. */
export function recoveryUserStored(state: SessionState, user: string | null): SessionState {
  return { ...state, forgotRecoveryUser: user };
}

export function errorShown(state: SessionState, error: string): SessionState {
  return { ...state, error };
}

export function errorCleared(state: SessionState): SessionState {
  return state.error === null ? state : { ...state, error: null };
}

/** Logout: back to the initial state; only the socket's connected flag is a fact about the connection, not the user. */
export function signedOut(state: SessionState): SessionState {
  return { ...INITIAL_SESSION, connected: state.connected };
}

function emptyAuthData(): AuthData {
  return { isCompanyMFA: false, isUserMFASetup: false, S3_BASEURL: null, firstName: null, lastName: null, activeOrgId: null };
}

/** The session of this window. Read it with selectors; change it only through `updateSession(transition, …)`. */
export const useSessionStore = create<SessionState>()(() => INITIAL_SESSION);

/** Applies one transition to the store. */
export function updateSession<A extends unknown[]>(transition: (state: SessionState, ...args: A) => SessionState, ...args: A): void {
  useSessionStore.setState((state) => transition(state, ...args), true);
}
