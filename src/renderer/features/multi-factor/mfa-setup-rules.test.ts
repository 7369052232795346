import { describe, expect, it } from 'vitest';
import { canSave } from './mfa-setup-screen';

describe('Save on the multi-factor setup screen', () => {
  it('needs a verified authenticator when it is on, or else work email alone', () => {
    const fresh = { active: false, verified: false };
    expect(canSave({ isEmailMFA: true, isAuthenticatorAppMFA: false }, fresh)).toBe(true);
    expect(canSave({ isEmailMFA: false, isAuthenticatorAppMFA: false }, fresh)).toBe(false);
    expect(canSave({ isEmailMFA: true, isAuthenticatorAppMFA: true }, fresh)).toBe(false);
    expect(canSave({ isEmailMFA: false, isAuthenticatorAppMFA: true }, { active: false, verified: true })).toBe(true);
    // An authenticator already in use needs no new code unless it is being replaced.
    expect(canSave({ isEmailMFA: false, isAuthenticatorAppMFA: true }, { active: true, verified: false })).toBe(true);
  });
});
