import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, EVENTS, type EventName } from './events';

// One payload straight from spec section 7 for every event, and one that must be refused.
const token = 'eyJhbGciOiJIUzI1NiJ9.e30.sig';
const samples: Record<EventName, { valid: unknown; invalid: unknown }> = {
  getCompanyDetails: { valid: { orgId: 'acme' }, invalid: { orgId: '../etc' } },
  login: { valid: { identifier: 'ada@acme.test', password: 'Admin@12345', platform: 'web' }, invalid: { identifier: 'ada', platform: 'web' } },
  msLogin: { valid: { code: 'M.C507_BAY.2.U.abc' }, invalid: { code: '' } },
  authenticate: { valid: { token }, invalid: { token: 42 } },
  getWorkspaceList: { valid: { requirePlanDetails: true }, invalid: { requirePlanDetails: 'yes' } },
  loginEmail: { valid: { email: 'ada@acme.test', orgId: 'acme', appType: 'superChat' }, invalid: { email: 'ada@acme.test', orgId: 'acme', appType: 'superPhone' } },
  activateOrganization: { valid: { otp: '123456', orgId: 'acme' }, invalid: { otp: '12345', orgId: 'acme' } },
  activateAccount: { valid: { otp: '123456', email: 'ada@acme.test' }, invalid: { otp: '123456', email: 'not-an-email' } },
  resendOTP: { valid: { email: 'ada@acme.test' }, invalid: {} },
  logout: { valid: { device_token: 'fcm:abc' }, invalid: { device_token: 7 } },
  'hrms|myPassword|update': { valid: { oldPassword: 'Admin@12345', newPassword: 'Better@12345' }, invalid: { oldPassword: 'Admin@12345', newPassword: 'weakpassword' } },
  'hrms|master|MFA|read': { valid: undefined, invalid: { extra: true } },
  'hrms|master|MFA|generateQRCode': { valid: {}, invalid: { extra: true } },
  'hrms|master|MFA|verify': { valid: { recoveryCode: 'ab12-cd345' }, invalid: { recoveryCode: 'abcd' } },
  'hrms|master|MFA|setup': { valid: { MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } }, invalid: { MFA: { isEmailMFA: 'on' } } },
  onboardingLogin: { valid: { email: 'EMP-007', password: 'Start@12345', orgId: 'acme' }, invalid: { email: 'EMP-007', password: 'Start@12345' } },
  onboardingSignUp: { valid: { email: 'new@acme.test', password: 'Start@12345', orgId: 'acme' }, invalid: { email: 'new@acme.test', password: 'short', orgId: 'acme' } },
  onboardingForgotPassword: { valid: { email: 'new@acme.test', orgId: 'acme' }, invalid: { email: 'new@acme.test' } },
  onboardingResetPassword: { valid: { orgId: 'acme', password: 'Start@12345', code: 'abc123' }, invalid: { orgId: 'acme', password: 'Start@12345' } },
  addressParams: { valid: { type: 'country' }, invalid: { type: 'state' } },
  signUp: {
    valid: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', company: 'Acme', phone: '91-9876543210', numemployees: '1-5', country: 'India', industryType: 'Software' },
    invalid: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', company: 'Acme', phone: '12', numemployees: '1-5', country: 'India', industryType: 'Software' },
  },
  checkEmailExistense: { valid: { email: 'ada@acme.test' }, invalid: { email: '' } },
  getResetCodeInfo: { valid: { code: 'c0ffee' }, invalid: { code: '' } },
  resetPassword: { valid: { password: 'Better@12345', cpassword: 'Better@12345', code: 'c0ffee' }, invalid: { password: 'Better@12345', cpassword: 'Other@12345', code: 'c0ffee' } },
  forgotPassword: { valid: { email: 'ada@acme.test' }, invalid: { email: 'ada' } },
  forgotPasswordWithRecoveryCode: { valid: { identifier: 'ada', recoveryCode: 'ab12-cd345' }, invalid: { identifier: 'ada' } },
  verifyInvitationCode: { valid: { inviteCode: 'inv-123', token }, invalid: { inviteCode: '' } },
  registerAsMember: {
    valid: { firstName: 'Ada', lastName: 'L', email: 'ada@acme.test', password: 'Better@12345', inviteCode: 'inv-123' },
    invalid: { firstName: 'Ada', lastName: 'L', email: 'ada@acme.test', password: 'Better@12345' },
  },
  acceptInvitation: { valid: { inviteCode: 'inv-123' }, invalid: { inviteCode: 5 } },
  acceptClientInvitation: { valid: { token: '123e4567-e89b-12d3-a456-426614174000' }, invalid: { token: '123e4567' } },
  getBuildInfo: { valid: {}, invalid: { platform: 'mac' } },
};

describe('the socket contract', () => {
  it('declares all 31 events of spec section 7', () => {
    expect(EVENT_NAMES).toHaveLength(31);
    expect(Object.keys(samples).sort()).toEqual([...EVENT_NAMES].sort());
  });

  it.each(EVENT_NAMES)('%s accepts the spec payload and refuses a malformed one', (event) => {
    const schema = EVENTS[event].payload;
    expect(schema.safeParse(samples[event].valid).success).toBe(true);
    expect(schema.safeParse(samples[event].invalid).success).toBe(false);
  });

  it('requires a session exactly for the signed-in events', () => {
    const signedIn = EVENT_NAMES.filter((event) => EVENTS[event].auth === 'user').sort();
    expect(signedIn).toEqual([
      'acceptInvitation',
      'activateOrganization',
      'getWorkspaceList',
      'hrms|myPassword|update',
      'loginEmail',
      'logout',
    ]);
    // Multi-factor setup runs before the first token exists, on the held login details, or with a session.
    expect(EVENT_NAMES.filter((event) => EVENTS[event].auth === 'userOrLogin').sort()).toEqual([
      'hrms|master|MFA|generateQRCode',
      'hrms|master|MFA|read',
      'hrms|master|MFA|setup',
      'hrms|master|MFA|verify',
    ]);
  });

  it('takes held login details on the multi-factor events and refuses unknown fields', () => {
    const held = { identifier: 'ada@acme.test', password: 'Admin@12345' };
    expect(EVENTS['hrms|master|MFA|read'].payload.safeParse(held).success).toBe(true);
    expect(EVENTS['hrms|master|MFA|verify'].payload.safeParse({ ...held, otp: '123456', MFASecretKey: 'JBSWY3DPEHPK3PXPJBSWY3DP' }).success).toBe(true);
    expect(EVENTS['hrms|master|MFA|setup'].payload.safeParse({ ...held, MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false }, token: 'x' }).success).toBe(false);
  });

  it('trims the identifier and refuses a login with neither identifier nor email', () => {
    const parsed = EVENTS.login.payload.parse({ email: '  ada@acme.test ', password: ' Admin@12345 ', platform: 'web' });
    expect(parsed.email).toBe('ada@acme.test');
    expect(parsed.password).toBe('Admin@12345');
    const missing = EVENTS.login.payload.safeParse({ password: 'Admin@12345', platform: 'web' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['identifier']);
  });

  it('gives the spec message when reset passwords differ', () => {
    const result = EVENTS.resetPassword.payload.safeParse({ password: 'Better@12345', cpassword: 'Better@1234', code: 'x' });
    expect(result.error?.issues.map((issue) => issue.message)).toContain('Password and confirm password does not match');
  });
});
