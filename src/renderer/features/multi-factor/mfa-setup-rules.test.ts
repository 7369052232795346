import { describe, expect, it } from 'vitest';
import { canSave, firstChoice, settingToSend } from './mfa-setup-screen';

const setting = (email: boolean, app: boolean) => ({ isEmailMFA: email, isAuthenticatorAppMFA: app });
const NONE = setting(false, false);

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

  it('lets a user choosing for their own account save none, to turn off what is on', () => {
    expect(canSave(NONE, { active: false, verified: false }, true)).toBe(true);
    expect(canSave(setting(false, true), { active: false, verified: false }, true)).toBe(false);
  });
});

describe('where the setup screen starts, and what it sends', () => {
  it("with a company policy: the user's factors it offers, else what it offers (the app only when it is the one)", () => {
    expect(firstChoice(NONE, setting(true, true), null)).toEqual(setting(true, false));
    expect(firstChoice(NONE, setting(false, true), null)).toEqual(setting(false, true));
    expect(firstChoice(setting(true, true), setting(true, true), null)).toEqual(setting(true, true));
    // An authenticator the user turned on for themselves is not a factor of a company that asks for work email.
    expect(firstChoice(setting(false, true), setting(true, false), 'app')).toEqual(setting(true, false));
  });

  it("without one: what is on, plus the factor the security center asked to turn on", () => {
    expect(firstChoice(NONE, NONE, 'app')).toEqual(setting(false, true));
    expect(firstChoice(setting(true, false), NONE, 'app')).toEqual(setting(true, true));
    expect(firstChoice(NONE, NONE, null)).toEqual(NONE);
  });

  it("keeps a factor of the user's own that the company does not offer, as it is", () => {
    expect(settingToSend(setting(true, false), setting(false, true), setting(true, false))).toEqual(setting(true, true));
    expect(settingToSend(setting(true, false), NONE, setting(true, false))).toEqual(setting(true, false));
    expect(settingToSend(NONE, setting(true, true), NONE)).toEqual(NONE);
  });
});
