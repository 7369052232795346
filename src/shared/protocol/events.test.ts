import { describe, expect, it } from 'vitest';
import { ADMIN_EVENTS } from './admin-events';
import { EVENT_NAMES, EVENTS } from './contract';
import type { EventName } from './events';

// One payload straight from spec section 7 for every event, and one that must be refused.
const token = 'eyJhbGciOiJIUzI1NiJ9.e30.sig';
const samples: Record<EventName, { valid: unknown; invalid: unknown }> = {
  getCompanyDetails: { valid: { orgId: 'acme' }, invalid: { orgId: '../etc' } },
  setLanguage: { valid: { language: 'hi' }, invalid: { language: 'fr' } },
  login: { valid: { identifier: 'ada@acme.test', password: 'Admin@12345', platform: 'web' }, invalid: { identifier: 'ada', platform: 'web' } },
  continueSignIn: { valid: { ticket: 'aaaaaaaaaa.bbbbbbbbbb.cccccccccc', otp: '123456' }, invalid: { ticket: 'short' } },
  msLogin: {
    valid: { code: 'M.C507_BAY.2.U.abc', state: 'sT4te-of-the-sign-in_0123456789abcdef', binding: 'b1nding-of-the-opener_0123456789abcd', platform: 'web' },
    invalid: { code: 'M.C507_BAY.2.U.abc', state: 'short', binding: 'b1nding-of-the-opener_0123456789abcd' },
  },
  discoverSignIn: { valid: { identifier: 'ann@acme.test' }, invalid: { identifier: 'x'.repeat(300) } },
  ssoLogin: { valid: { handoff: 'h4ndoff-of-the-sign-in_0123456789abcdef', platform: 'web' }, invalid: { handoff: 'short' } },
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
    valid: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', password: 'Better@12345', cpassword: 'Better@12345', company: 'Acme', phone: '91-9876543210', numemployees: '1-5', country: 'India', industryType: 'Software' },
    invalid: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', password: 'Better@12345', cpassword: 'Other@12345', company: 'Acme', phone: '91-9876543210', numemployees: '1-5', country: 'India', industryType: 'Software' },
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
  unlockAccount: { valid: { code: 'c0ffee' }, invalid: { code: '' } },
  getSessionList: { valid: {}, invalid: { userId: 'someone-else' } },
  endSession: { valid: { sessionId: '123e4567-e89b-42d3-a456-426614174000' }, invalid: { sessionId: 'all' } },
  endOtherSessions: { valid: undefined, invalid: { keep: 2 } },
  getConnectedApps: { valid: undefined, invalid: { all: true } },
  revokeConnectedApp: { valid: { clientId: 'partner-app' }, invalid: { clientId: '' } },
  getSignInHistory: {
    valid: { page: 2, pageSize: 40, sort: { at: -1 }, filter: { kinds: ['sign-in-failed', 'locked'], search: '10.0', from: '2026-01-01T00:00:00.000Z' } },
    invalid: { page: 1, pageSize: 25 },
  },
  getOrganizationAudit: { valid: { orgId: 'acme', page: 1, pageSize: 20, sort: { member: 1 } }, invalid: { orgId: 'acme', sort: { at: 1, kind: -1 } } },
  exportOrganizationAudit: { valid: { orgId: 'acme', filter: { kinds: ['password-reset'] } }, invalid: { orgId: 'acme', filter: { kinds: ['deleted-everything'] } } },
  regenerateRecoveryCode: { valid: {}, invalid: { recoveryCode: 'mine-please' } },
  getTrustedDevices: { valid: {}, invalid: { all: true } },
  revokeTrustedDevice: { valid: { id: '123e4567-e89b-42d3-a456-426614174000' }, invalid: { id: 'all' } },
  revokeAllTrustedDevices: { valid: {}, invalid: { keep: 1 } },
  reportNotMe: { valid: { code: 'x'.repeat(43) }, invalid: {} },
  getOrganizationMembers: { valid: { orgId: 'acme', page: 1, pageSize: 40, sort: { lastSignInAt: -1 }, search: 'max' }, invalid: { orgId: 'acme', pageSize: 25 } },
  updateOrganizationMember: { valid: { orgId: 'acme', userId: '123e4567-e89b-42d3-a456-426614174000', role: 'member', productAccess: ['hrms', 'chat'] }, invalid: { orgId: 'acme', userId: '123e4567-e89b-42d3-a456-426614174000' } },
  removeOrganizationMember: { valid: { orgId: 'acme', userId: '123e4567-e89b-42d3-a456-426614174000', reason: 'Left the company' }, invalid: { orgId: 'acme', userId: '123e4567-e89b-42d3-a456-426614174000', reason: 'no' } },
  resendMemberVerification: { valid: { orgId: 'acme', userId: '123e4567-e89b-42d3-a456-426614174000' }, invalid: { orgId: 'acme', userId: 'max' } },
  inviteToOrganization: {
    valid: { orgId: 'acme', invitations: [{ email: 'new@acme.test', role: 'member', productAccess: ['hrms'] }, { email: 'client@acme.test', role: 'client' }] },
    invalid: { orgId: 'acme', invitations: [{ email: 'new@acme.test', role: 'member' }, { email: 'NEW@acme.test', role: 'client' }] },
  },
  getOrganizationInvitations: { valid: { orgId: 'acme', sort: { expiresAt: 1 } }, invalid: { orgId: 'acme', sort: { code: 1 } } },
  resendInvitation: { valid: { orgId: 'acme', invitationId: '123e4567-e89b-42d3-a456-426614174000' }, invalid: { orgId: 'acme' } },
  revokeInvitation: { valid: { orgId: 'acme', invitationId: '123e4567-e89b-42d3-a456-426614174000' }, invalid: { invitationId: '123e4567-e89b-42d3-a456-426614174000' } },
  getOrganizationSettings: { valid: { orgId: 'acme' }, invalid: { orgId: '' } },
  updateSecondFactorPolicy: { valid: { orgId: 'acme', secondFactor: 'both', applyToCompany: true }, invalid: { orgId: 'acme', secondFactor: 'sms' } },
  updateIpRanges: { valid: { orgId: 'acme', allowedIpRanges: ['10.0.0.0/8', '2001:db8::/32'] }, invalid: { orgId: 'acme', allowedIpRanges: ['10.0.0.0/33'] } },
  updateBranding: { valid: { orgId: 'acme', company: 'Acme Corporation', logo: { imageId: '123e4567-e89b-42d3-a456-426614174000' } }, invalid: { orgId: 'acme', company: '' } },
  updateOrganizationLanguage: { valid: { orgId: 'acme', language: 'hi' }, invalid: { orgId: 'acme', language: 'en-XA' } },
  getOrganizationApps: { valid: { orgId: 'acme' }, invalid: {} },
  registerApp: {
    valid: { orgId: 'acme', name: 'HR Sync', redirectUris: ['https://hr.acme.test/callback'], type: 'confidential', apiAccess: true },
    invalid: { orgId: 'acme', name: 'Notes', redirectUris: ['https://notes.acme.test/cb'], type: 'public', apiAccess: true },
  },
  updateApp: { valid: { orgId: 'acme', clientId: 'hr-sync', name: 'HR Sync', redirectUris: ['https://hr.acme.test/callback'], disabled: true }, invalid: { orgId: 'acme', clientId: 'hr-sync', name: 'HR Sync', redirectUris: ['javascript:alert(1)'] } },
  rotateAppSecret: { valid: { orgId: 'acme', clientId: 'hr-sync' }, invalid: { orgId: 'acme', clientId: '' } },
  deleteApp: { valid: { orgId: 'acme', clientId: 'hr-sync' }, invalid: { clientId: 'hr-sync' } },
  getOrganizationDomains: { valid: { orgId: 'acme' }, invalid: { orgId: 'acme corp' } },
  claimDomain: { valid: { orgId: 'acme', domain: 'Bücher.Example.' }, invalid: { orgId: 'acme', domain: '*.acme.com' } },
  verifyDomain: { valid: { orgId: 'acme', domain: 'acme.com' }, invalid: { orgId: 'acme', domain: '10.0.0.1' } },
  removeDomain: { valid: { orgId: 'acme', domain: 'acme.com' }, invalid: { orgId: 'acme', domain: 'https://acme.com/' } },
  getSsoConnections: { valid: { orgId: 'acme' }, invalid: { orgId: '' } },
  createSsoConnection: {
    valid: { orgId: 'acme', kind: 'oidc', name: 'Okta', oidc: { issuer: 'https://acme.okta.com', clientId: 'portal', clientSecret: 's3cret' } },
    invalid: { orgId: 'acme', kind: 'oidc', name: 'Okta', oidc: { issuer: 'ftp://acme.okta.com', clientId: 'portal', clientSecret: 's3cret' } },
  },
  updateSsoConnection: { valid: { orgId: 'acme', connectionId: '7d444840-9dc0-11d1-b245-5ffdce74fad2', enabled: true }, invalid: { orgId: 'acme', connectionId: 'nope' } },
  deleteSsoConnection: { valid: { orgId: 'acme', connectionId: '7d444840-9dc0-11d1-b245-5ffdce74fad2' }, invalid: { orgId: 'acme' } },
  startSsoTest: { valid: { orgId: 'acme', connectionId: '7d444840-9dc0-11d1-b245-5ffdce74fad2' }, invalid: { connectionId: '7d444840-9dc0-11d1-b245-5ffdce74fad2' } },
  getSsoTestResult: { valid: { orgId: 'acme', handoff: 'h4ndoff-of-the-sign-in_0123456789abcdef' }, invalid: { orgId: 'acme', handoff: '../x' } },
  getScimSettings: { valid: { orgId: 'acme' }, invalid: { orgId: 'acme corp' } },
  issueScimToken: { valid: { orgId: 'acme' }, invalid: { orgId: '' } },
  revokeScimToken: { valid: { orgId: 'acme' }, invalid: {} },
  getPasskeyRegistrationOptions: { valid: {}, invalid: { userId: '123e4567-e89b-42d3-a456-426614174000' } },
  registerPasskey: {
    valid: {
      challengeId: '123e4567-e89b-42d3-a456-426614174000',
      name: 'Work laptop',
      response: { id: 'AbC_-1', rawId: 'AbC_-1', type: 'public-key', response: { clientDataJSON: 'eyJ0', attestationObject: 'o2Nm', transports: ['internal', 'hybrid'] }, clientExtensionResults: { credProps: { rk: true } } },
    },
    invalid: {
      challengeId: '123e4567-e89b-42d3-a456-426614174000',
      name: 'Work laptop',
      response: { id: 'AbC+/1==', rawId: 'AbC_-1', type: 'public-key', response: { clientDataJSON: 'eyJ0', attestationObject: 'o2Nm' }, clientExtensionResults: {} },
    },
  },
  getPasskeyList: { valid: {}, invalid: { all: true } },
  renamePasskey: { valid: { passkeyId: '123e4567-e89b-42d3-a456-426614174000', name: 'Phone' }, invalid: { passkeyId: '123e4567-e89b-42d3-a456-426614174000', name: '   ' } },
  removePasskey: { valid: { passkeyId: '123e4567-e89b-42d3-a456-426614174000' }, invalid: { passkeyId: 'AbC_-1' } },
  getPasskeySignInOptions: { valid: {}, invalid: { identifier: 'ada' } },
  getPasskeySecondFactorOptions: { valid: { identifier: 'ada', password: 'Admin@12345' }, invalid: { identifier: 'ada', password: 'Admin@12345', userId: 'x' } },
  passkeySecondFactor: {
    valid: {
      identifier: 'ada',
      password: 'Admin@12345',
      challengeId: '123e4567-e89b-42d3-a456-426614174000',
      response: { id: 'AbC_-1', rawId: 'AbC_-1', type: 'public-key', response: { clientDataJSON: 'eyJ0', authenticatorData: 'SZYN', signature: 'MEUC' }, clientExtensionResults: {} },
    },
    invalid: { identifier: 'ada', password: 'Admin@12345', challengeId: '123e4567-e89b-42d3-a456-426614174000' },
  },
  passkeyLogin: {
    valid: {
      challengeId: '123e4567-e89b-42d3-a456-426614174000',
      response: { id: 'AbC_-1', rawId: 'AbC_-1', type: 'public-key', response: { clientDataJSON: 'eyJ0', authenticatorData: 'SZYN', signature: 'MEUC', userHandle: 'EjRW' }, clientExtensionResults: {} },
      platform: 'web',
    },
    invalid: { challengeId: '123e4567-e89b-42d3-a456-426614174000', response: { id: 'AbC_-1', rawId: 'AbC_-1', type: 'public-key', response: { clientDataJSON: 'eyJ0' }, clientExtensionResults: {} } },
  },
  passkeyDesktopCode: {
    valid: {
      challengeId: '123e4567-e89b-42d3-a456-426614174000',
      response: { id: 'AbC_-1', rawId: 'AbC_-1', type: 'public-key', response: { clientDataJSON: 'eyJ0', authenticatorData: 'SZYN', signature: 'MEUC', userHandle: 'EjRW' }, clientExtensionResults: {} },
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    },
    // A plain challenge (RFC 7636 `plain`) is not S256's.
    invalid: {
      challengeId: '123e4567-e89b-42d3-a456-426614174000',
      response: { id: 'AbC_-1', rawId: 'AbC_-1', type: 'public-key', response: { clientDataJSON: 'eyJ0', authenticatorData: 'SZYN', signature: 'MEUC' }, clientExtensionResults: {} },
      codeChallenge: 'plain',
    },
  },
  passkeyDesktopLogin: {
    valid: { code: 'eyJh.eyJz.c2ln', codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', platform: 'desktop', appVersion: '2.0.1' },
    invalid: { code: 'eyJh.eyJz.c2ln', codeVerifier: 'too-short' },
  },
};

describe('the socket contract', () => {
  it('declares all 31 events of spec section 7, the portal\'s unlockAccount and continueSignIn, its 2 of company sign-in, the 12 of the security center (3 of them trusted devices), the 31 of the admin console (4 of them verified domains, 6 company sign-in connections, 3 SCIM provisioning, 1 the sign-in language) and the 11 of passkeys (2 of them a desktop app\'s sign-in in the system browser) and the account\'s language (setLanguage)', () => {
    expect(EVENT_NAMES).toHaveLength(91);
    expect(Object.keys(samples).sort()).toEqual([...EVENT_NAMES].sort());
  });

  it.each(EVENT_NAMES)('%s accepts the spec payload and refuses a malformed one', (event) => {
    const schema = EVENTS[event].payload;
    expect(schema.safeParse(samples[event].valid).success).toBe(true);
    expect(schema.safeParse(samples[event].invalid).success).toBe(false);
  });

  it('requires a session exactly for the signed-in events', () => {
    const signedIn = EVENT_NAMES.filter((event) => EVENTS[event].auth === 'user' && !Object.hasOwn(ADMIN_EVENTS, event)).sort();
    // Every event of the admin console needs a session, and names the organization it acts on.
    for (const event of Object.keys(ADMIN_EVENTS) as (keyof typeof ADMIN_EVENTS)[]) {
      expect(ADMIN_EVENTS[event].auth, event).toBe('user');
      expect(ADMIN_EVENTS[event].payload.safeParse({ ...(samples[event].valid as object), orgId: undefined }).success, event).toBe(false);
    }
    expect(signedIn).toEqual([
      'acceptInvitation',
      'activateOrganization',
      'authenticate',
      'endOtherSessions',
      'endSession',
      'exportOrganizationAudit',
      'getConnectedApps',
      'getOrganizationAudit',
      'getPasskeyList',
      'getPasskeyRegistrationOptions',
      'getSessionList',
      'getSignInHistory',
      'getTrustedDevices',
      'getWorkspaceList',
      'hrms|myPassword|update',
      'loginEmail',
      'logout',
      'regenerateRecoveryCode',
      'registerPasskey',
      'removePasskey',
      'renamePasskey',
      'revokeAllTrustedDevices',
      'revokeConnectedApp',
      'revokeTrustedDevice',
    ]);
    // Multi-factor setup runs before the first token exists, on the held login details, or with a session.
    expect(EVENT_NAMES.filter((event) => EVENTS[event].auth === 'userOrLogin').sort()).toEqual([
      'getPasskeySecondFactorOptions',
      'hrms|master|MFA|generateQRCode',
      'hrms|master|MFA|read',
      'hrms|master|MFA|setup',
      'hrms|master|MFA|verify',
      'passkeySecondFactor',
    ]);
  });

  it('opens every paged list at 40 rows, accepts exactly the sizes 20, 40, 60, 80 and 100, and refuses 25 (spec section 9)', () => {
    const withoutSize = (event: EventName) => Object.fromEntries(Object.entries(samples[event].valid as object).filter(([key]) => key !== 'pageSize'));
    const paged = EVENT_NAMES.filter((event) => {
      const parsed = EVENTS[event].payload.safeParse(samples[event].valid);
      return parsed.success && typeof parsed.data === 'object' && parsed.data !== null && 'pageSize' in parsed.data;
    }).sort();
    expect(paged).toEqual(expect.arrayContaining(['getOrganizationAudit', 'getOrganizationMembers', 'getSignInHistory']));
    for (const event of paged) {
      const schema = EVENTS[event].payload;
      expect((schema.parse(withoutSize(event)) as { pageSize: number }).pageSize, event).toBe(40);
      for (const size of [20, 40, 60, 80, 100]) expect(schema.safeParse({ ...withoutSize(event), pageSize: size }).success, `${event} ${size}`).toBe(true);
      for (const size of [25, 10, 50, 120]) expect(schema.safeParse({ ...withoutSize(event), pageSize: size }).success, `${event} ${size}`).toBe(false);
    }
  });

  it('takes the session token from the payload only where it declares so', () => {
    expect(EVENT_NAMES.filter((event) => EVENTS[event].token === 'payload').sort()).toEqual(['authenticate', 'verifyInvitationCode']);
    expect(EVENTS.verifyInvitationCode.auth).toBe('maybeUser');
  });

  it.each(EVENT_NAMES)('%s refuses control characters in its text, at any depth', (event) => {
    // The valid sample with a NUL byte added to its first text field.
    let poisoned = false;
    const poison = (value: unknown): unknown => {
      if (typeof value === 'string' && !poisoned) {
        poisoned = true;
        return `${value}\u0000`;
      }
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, poison(item)]));
      return value;
    };
    const payload = poison(samples[event].valid);
    if (!poisoned) return; // no text field to poison (getBuildInfo, MFA|read)
    expect(EVENTS[event].payload.safeParse(payload).success).toBe(false);
  });

  it('accepts tabs and line breaks, and refuses NUL, escape and DEL in a nested field', () => {
    const setup = EVENTS['hrms|master|MFA|setup'].payload;
    expect(setup.safeParse({ identifier: 'ada\u0000', password: 'Admin@12345', MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } }).error?.issues[0]?.path).toEqual(['identifier']);
    expect(setup.safeParse({ MFA: { isEmailMFA: true, isAuthenticatorAppMFA: true, MFASecretKey: 'JBSW\u001bY3DP' } }).error?.issues[0]?.path).toEqual(['MFA', 'MFASecretKey']);
    expect(EVENTS.logout.payload.safeParse({ device_token: 'fcm:\u007f' }).success).toBe(false);
    expect(EVENTS.logout.payload.safeParse({ device_token: 'fcm:a\tb\nc' }).success).toBe(true);
  });

  it('declares which budgets each guessing or mailing event spends', () => {
    const budgets = Object.fromEntries(EVENT_NAMES.map((event) => [event, Object.keys(EVENTS[event].limits ?? {}).sort()]));
    expect(budgets.login).toEqual(['codeMail', 'password', 'secondFactor']);
    expect(budgets.onboardingLogin).toEqual(['password']);
    expect(budgets['hrms|master|MFA|verify']).toEqual(['password', 'recoveryCode', 'secondFactor']);
    expect(budgets.activateAccount).toEqual(['emailCode']);
    expect(budgets.forgotPasswordWithRecoveryCode).toEqual(['recoveryReset']);
    expect(budgets.exportOrganizationAudit).toEqual(['auditExport']);
    // Adding and removing a passkey mail the owner; listing and renaming do not.
    expect([budgets.registerPasskey, budgets.removePasskey, budgets.renamePasskey, budgets.getPasskeyList]).toEqual([['passkeyChange'], ['passkeyChange'], [], []]);
    // A passkey sign-in spends its address's budgets, then the second factor's where one follows.
    expect(budgets.getPasskeySignInOptions).toEqual(['passkeyOptions']);
    expect(budgets.passkeyLogin).toEqual(['codeMail', 'passkeySignIn', 'secondFactor']);
    // A desktop app's: the browser page's assertion like passkeyLogin's, the app's redemption like a sign-in.
    expect(budgets.passkeyDesktopCode).toEqual(['passkeySignIn']);
    expect(budgets.passkeyDesktopLogin).toEqual(['codeMail', 'passkeySignIn', 'secondFactor']);
    // Every change in the admin console spends the admin's budget; reading does not.
    for (const event of Object.keys(ADMIN_EVENTS)) expect(budgets[event], event).toEqual(event.startsWith('get') ? [] : ['adminChange']);
    for (const event of ['forgotPassword', 'resendOTP', 'onboardingForgotPassword'] as const) expect(budgets[event]).toEqual(['mailRequest']);
    for (const event of ['getResetCodeInfo', 'resetPassword', 'onboardingResetPassword', 'verifyInvitationCode', 'registerAsMember', 'acceptInvitation', 'acceptClientInvitation', 'unlockAccount'] as const) {
      expect(budgets[event], event).toEqual(['linkCode']);
    }
    // Held login details spend the password budget; a session does not.
    const held = EVENTS['hrms|master|MFA|read'].limits?.password as (payload: unknown) => string | undefined;
    expect(held({ identifier: 'ada', password: 'Admin@12345' })).toBe('ada');
    expect(held(undefined)).toBeUndefined();
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
