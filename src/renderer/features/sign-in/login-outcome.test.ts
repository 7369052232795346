import { describe, expect, it } from 'vitest';
import { loginOutcome } from './login-outcome';

describe('loginOutcome', () => {
  it('goes to the second factor when the company asks for it and no token came', () => {
    expect(loginOutcome({ isCompanyMFA: true, isUserMFASetup: true }, null)).toEqual({ kind: 'second-factor', to: '/multi-factor-authenticate' });
    expect(loginOutcome({ isCompanyMFA: true, isUserMFASetup: false }, null)).toEqual({ kind: 'second-factor', to: '/setup-multi-factor' });
  });

  it('goes to /change-password on aftrp', () => {
    expect(loginOutcome({ token: 't', aftrp: true }, '/invite/x')).toEqual({ kind: 'change-password', token: 't' });
  });

  it('goes to /verify-email on activateAccount without signing in', () => {
    expect(loginOutcome({ activateAccount: true, email: 'ada@example.com' }, null)).toEqual({ kind: 'verify-email', email: 'ada@example.com' });
  });

  it('signs in to the workspace, or to a safe previous URL', () => {
    expect(loginOutcome({ token: 't' }, null)).toEqual({ kind: 'signed-in', token: 't', to: '/workspace' });
    expect(loginOutcome({ token: 't' }, '/invite/abc')).toEqual({ kind: 'signed-in', token: 't', to: '/invite/abc' });
    expect(loginOutcome({ token: 't', isCompanyMFA: true }, 'https://evil')).toEqual({ kind: 'signed-in', token: 't', to: '/workspace' });
    expect(loginOutcome({ token: 't' }, '//evil')).toEqual({ kind: 'signed-in', token: 't', to: '/workspace' });
  });

  it('reports a reply that fits no outcome', () => {
    expect(loginOutcome({}, null)).toEqual({ kind: 'unexpected' });
  });
});
