import { beforeEach, describe, expect, it } from 'vitest';
import { toPlanAccess } from '../../shared/products';
import type { SessionReply } from '../../shared/protocol';
import {
  authenticated,
  connectionChanged,
  INITIAL_SESSION,
  passwordChanged,
  passwordChangeRequired,
  restored,
  secondFactorRequired,
  mfaTypeChosen,
  recoveryUserStored,
  signedIn,
  signedOut,
  updateSession,
  useSessionStore,
} from './session-store';

const SESSION: SessionReply = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  employeeCode: 'E-7',
  activeOrgId: 'acme',
  isAdmin: true,
  planAccess: toPlanAccess({ hrms: true }),
  productAccess: ['hrms'],
  S3_BASEURL: 'https://files.example.com',
  isCompanyMFA: true,
  isUserMFASetup: false,
  aftrp: false,
};

describe('session transitions', () => {
  it('restores token, email and account type from storage without claiming authentication', () => {
    const state = restored(INITIAL_SESSION, { token: 't1', email: 'a@b.co' });
    expect(state).toMatchObject({ token: 't1', email: 'a@b.co', isAuthenticated: false });
  });

  it('keeps login details in memory for the second factor, defaulting the type to work email', () => {
    const state = secondFactorRequired(INITIAL_SESSION, {
      identifier: 'ada',
      password: 'Secret#123',
      platform: 'web',
      reply: { isCompanyMFA: true, isUserMFASetup: true, isEmailMFA: true, isAuthenticatorAppMFA: true, email: 'ada@example.com' },
    });
    expect(state.logInDetails).toEqual({
      identifier: 'ada',
      password: 'Secret#123',
      ticket: null,
      platform: 'web',
      email: 'ada@example.com',
      isCompanyMFA: true,
      isEmailMFA: true,
      isAuthenticatorAppMFA: true,
      MFAType: 1,
      mayTrustDevice: false,
    });
    expect(state.token).toBeNull();
    expect(state.isAuthenticated).toBe(false);
  });

  it('holds the sign-in ticket of a first factor that cannot be sent again, with no password', () => {
    const state = secondFactorRequired(INITIAL_SESSION, {
      identifier: 'ada@example.com',
      password: '',
      platform: 'web',
      reply: { isCompanyMFA: true, isUserMFASetup: true, isEmailMFA: true, ticket: 'head.body.signature', email: 'ada@example.com' },
    });
    expect(state.logInDetails).toMatchObject({ password: '', ticket: 'head.body.signature', MFAType: 1 });
  });

  it('picks the authenticator app (2) when it is the only second factor', () => {
    const state = secondFactorRequired(INITIAL_SESSION, {
      identifier: 'ada',
      password: 'Secret#123',
      platform: 'mobile',
      reply: { isCompanyMFA: true, isEmailMFA: false, isAuthenticatorAppMFA: true },
    });
    expect(state.logInDetails?.MFAType).toBe(2);
  });

  it('switches the held second-factor type when the user chooses, and keeps the recovery ticket until used', () => {
    const held = secondFactorRequired(INITIAL_SESSION, { identifier: 'ada', password: 'Secret#123', platform: 'web', reply: { isCompanyMFA: true, isEmailMFA: true, isAuthenticatorAppMFA: true } });
    expect(mfaTypeChosen(held, 2).logInDetails).toMatchObject({ MFAType: 2, password: 'Secret#123' });
    expect(mfaTypeChosen(INITIAL_SESSION, 2)).toBe(INITIAL_SESSION);
    const withTicket = recoveryUserStored(INITIAL_SESSION, 'ticket-1');
    expect(withTicket.forgotRecoveryUser).toBe('ticket-1');
    expect(recoveryUserStored(withTicket, null).forgotRecoveryUser).toBeNull();
  });

  it('signs in: token and email set, authenticated, held password dropped', () => {
    const withDetails = secondFactorRequired(INITIAL_SESSION, { identifier: 'ada', password: 'Secret#123', platform: 'web', reply: { isCompanyMFA: true } });
    const state = signedIn(withDetails, { token: 't2', reply: { token: 't2', email: 'ada@example.com', planAccess: toPlanAccess({ pms: true }) } });
    expect(state).toMatchObject({ token: 't2', email: 'ada@example.com', isAuthenticated: true, logInDetails: null, aftrp: false });
    expect(state.planAccess?.pms.default.access).toBe(true);
  });

  it('marks a forced password change pending and leaves authentication to `authenticate`', () => {
    const state = passwordChangeRequired(INITIAL_SESSION, { token: 't3', email: 'ada@example.com' });
    expect(state).toMatchObject({ token: 't3', aftrp: true, isAuthenticated: false });
    expect(passwordChanged(state, 't4')).toMatchObject({ token: 't4', aftrp: false });
  });

  it('fills the session from `authenticate`', () => {
    const state = authenticated(restored(INITIAL_SESSION, { token: 't1', email: null }), { ...SESSION, aftrp: true });
    expect(state).toMatchObject({ isAuthenticated: true, isAdmin: true, email: 'ada@example.com', employeeCode: 'E-7', aftrp: true });
    expect(state.authData).toMatchObject({ isCompanyMFA: true, isUserMFASetup: false, S3_BASEURL: 'https://files.example.com' });
  });

  it('signs out to the initial state but keeps the connected flag', () => {
    const signedInState = authenticated(connectionChanged(restored(INITIAL_SESSION, { token: 't', email: 'e' }), true), SESSION);
    expect(signedOut(signedInState)).toEqual({ ...INITIAL_SESSION, connected: true });
  });
});

describe('useSessionStore', () => {
  beforeEach(() => useSessionStore.setState(INITIAL_SESSION, true));

  it('applies transitions through updateSession', () => {
    updateSession(restored, { token: 'abc', email: 'a@b.co' });
    expect(useSessionStore.getState().token).toBe('abc');
    updateSession(signedOut);
    expect(useSessionStore.getState().token).toBeNull();
  });
});
