import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardInput, type RouteAccess, type SessionSnapshot } from './route-guard';

const SIGNED_OUT: SessionSnapshot = { hasToken: false, isAuthenticated: false, aftrp: false, hasLoginDetails: false };
const SIGNED_IN: SessionSnapshot = { hasToken: true, isAuthenticated: true, aftrp: false, hasLoginDetails: false };
const TOKEN_ONLY: SessionSnapshot = { hasToken: true, isAuthenticated: false, aftrp: false, hasLoginDetails: false };
const FORCED_CHANGE: SessionSnapshot = { hasToken: true, isAuthenticated: true, aftrp: true, hasLoginDetails: false };
const HOLDING_DETAILS: SessionSnapshot = { hasToken: false, isAuthenticated: false, aftrp: false, hasLoginDetails: true };

const PRODUCT_URLS = { recruit: 'https://recruit.example.com', hrms: 'https://hr.example.com/' };

const decide = (access: RouteAccess, path: string, session: SessionSnapshot, extra: Partial<GuardInput> = {}) =>
  decideRoute({ access, path, query: '', session, productUrls: PRODUCT_URLS, onboardingEmployee: null, ...extra });

const to = (redirect: string) => ({ redirect, external: false });

describe('decideRoute: public routes', () => {
  it('renders them for a signed-out visitor', () => {
    expect(decide('public', '/login', SIGNED_OUT)).toBeNull();
    expect(decide('public', '/forgot-password', SIGNED_OUT)).toBeNull();
  });

  it('sends a signed-in user to /workspace', () => {
    expect(decide('public', '/login', SIGNED_IN)).toEqual(to('/workspace'));
    expect(decide('public', '/register', TOKEN_ONLY)).toEqual(to('/workspace'));
  });

  it('sends a signed-in user with a pending forced change to /change-password', () => {
    expect(decide('public', '/login', FORCED_CHANGE)).toEqual(to('/change-password'));
  });

  it('sends / to /login', () => {
    expect(decide('root', '/', SIGNED_OUT)).toEqual(to('/login'));
  });

  it('keeps open routes and the 404 page open to everyone', () => {
    expect(decide('open', '/invite/abc', SIGNED_IN)).toBeNull();
    expect(decide('open', '/downloads', SIGNED_OUT)).toBeNull();
    expect(decide('not-found', '/nope', SIGNED_IN)).toBeNull();
  });
});

describe('decideRoute: multi-factor and recovery routes', () => {
  it('keeps the recovery routes open to a signed-in user', () => {
    for (const path of ['/recovery-code', '/forget-with-recovery', '/reset-with-recovery']) {
      expect(decide('recovery', path, SIGNED_IN)).toBeNull();
      expect(decide('recovery', path, SIGNED_OUT)).toBeNull();
    }
  });

  it('opens /multi-factor-authenticate only while login details are held', () => {
    expect(decide('mfa-login', '/multi-factor-authenticate', HOLDING_DETAILS)).toBeNull();
    expect(decide('mfa-login', '/multi-factor-authenticate', { ...SIGNED_IN, hasLoginDetails: true })).toBeNull();
    expect(decide('mfa-login', '/multi-factor-authenticate', SIGNED_OUT)).toEqual(to('/login'));
    expect(decide('mfa-login', '/multi-factor-authenticate', SIGNED_IN)).toEqual(to('/login'));
  });

  it('opens /setup-multi-factor with login details or a session, else /login', () => {
    expect(decide('mfa-setup', '/setup-multi-factor', HOLDING_DETAILS)).toBeNull();
    expect(decide('mfa-setup', '/setup-multi-factor', SIGNED_IN)).toBeNull();
    expect(decide('mfa-setup', '/setup-multi-factor', TOKEN_ONLY)).toBe('authenticate-first');
    expect(decide('mfa-setup', '/setup-multi-factor', SIGNED_OUT)).toEqual(to('/login'));
  });
});

describe('decideRoute: protected routes', () => {
  it('sends a visitor without a token to /login', () => {
    expect(decide('protected', '/workspace', SIGNED_OUT)).toEqual(to('/login'));
    expect(decide('protected', '/verify-organization/7', SIGNED_OUT)).toEqual(to('/login'));
  });

  it('authenticates a stored token first', () => {
    expect(decide('protected', '/workspace', TOKEN_ONLY)).toBe('authenticate-first');
    expect(decide('protected', '/change-password', { ...TOKEN_ONLY, aftrp: true })).toBe('authenticate-first');
  });

  it('renders them for an authenticated session', () => {
    expect(decide('protected', '/workspace', SIGNED_IN)).toBeNull();
    expect(decide('protected', '/change-password', SIGNED_IN)).toBeNull();
  });

  it('keeps a user with a pending forced change on /change-password', () => {
    expect(decide('protected', '/workspace', FORCED_CHANGE)).toEqual(to('/change-password'));
    expect(decide('protected', '/verify-organization/7', FORCED_CHANGE)).toEqual(to('/change-password'));
    expect(decide('protected', '/change-password', FORCED_CHANGE)).toBeNull();
  });
});

describe('decideRoute: third-party sign-in links', () => {
  const query = '?client_id=app1&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb&code_challenge=abc&state=s1';

  it('sends any link carrying redirect_uri, client_id and code_challenge to /authorize with the same query', () => {
    const expected = to('/authorize?client_id=app1&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb&code_challenge=abc&state=s1');
    expect(decide('public', '/login', SIGNED_OUT, { query })).toEqual(expected);
    expect(decide('root', '/', SIGNED_OUT, { query })).toEqual(expected);
    expect(decide('protected', '/workspace', SIGNED_IN, { query })).toEqual(expected);
    expect(decide('not-found', '/whatever', SIGNED_OUT, { query: query.slice(1) })).toEqual(expected);
  });

  it('renders /authorize itself, and leaves links missing one of the three alone', () => {
    expect(decide('open', '/authorize', SIGNED_OUT, { query })).toBeNull();
    expect(decide('public', '/login', SIGNED_OUT, { query: '?client_id=app1&redirect_uri=https%3A%2F%2Fa.b' })).toBeNull();
    expect(decide('public', '/login', SIGNED_OUT, { query: '?client_id=app1&redirect_uri=x&code_challenge=' })).toBeNull();
  });
});

describe('decideRoute: onboarding and preboarding routes', () => {
  const ACME_EMPLOYEE = { onboardingEmployee: { id: 'emp-9', orgId: 'acme' } };

  it('renders them for a signed-out visitor', () => {
    expect(decide('onboarding', '/acme/login', SIGNED_OUT)).toBeNull();
    expect(decide('onboarding', '/acme/preboarding/register', SIGNED_OUT)).toBeNull();
  });

  it("sends the organization's signed-in employee on /{orgId}/login or /{orgId}/preboarding/register to the boarding document", () => {
    const expected = { redirect: 'https://recruit.example.com/acme/boarding-document/emp-9', external: true };
    expect(decide('onboarding', '/acme/login', TOKEN_ONLY, ACME_EMPLOYEE)).toEqual(expected);
    expect(decide('onboarding', '/acme/preboarding/register', TOKEN_ONLY, ACME_EMPLOYEE)).toEqual(expected);
  });

  it("sends the organization's signed-in employee on /{orgId}/register to the HR onboarding preview", () => {
    expect(decide('onboarding', '/acme/register', TOKEN_ONLY, ACME_EMPLOYEE)).toEqual({
      redirect: 'https://hr.example.com/acme/employee-onboarding/employee-preview/emp-9',
      external: true,
    });
  });

  it("shows another organization's sign-in and sign-up screens to an employee of one organization", () => {
    expect(decide('onboarding', '/globex/login', TOKEN_ONLY, ACME_EMPLOYEE)).toBeNull();
    expect(decide('onboarding', '/globex/register', TOKEN_ONLY, ACME_EMPLOYEE)).toBeNull();
    expect(decide('onboarding', '/globex/preboarding/register', TOKEN_ONLY, ACME_EMPLOYEE)).toBeNull();
    // Signed in before the organization was remembered: no boarding page can be trusted to be theirs.
    expect(decide('onboarding', '/acme/login', TOKEN_ONLY, { onboardingEmployee: { id: 'emp-9', orgId: null } })).toBeNull();
  });

  it('sends a regular account to /workspace, saying which organization it came from', () => {
    const toWorkspace = (orgId: string) => ({ redirect: '/workspace', external: false, state: { onboardingOrgId: orgId } });
    expect(decide('onboarding', '/acme/login', SIGNED_IN)).toEqual(toWorkspace('acme'));
    expect(decide('onboarding', '/acme/register', TOKEN_ONLY)).toEqual(toWorkspace('acme'));
    expect(decide('onboarding', '/globex/preboarding/register', SIGNED_IN)).toEqual(toWorkspace('globex'));
    expect(decide('onboarding', '/acme/login', FORCED_CHANGE)).toMatchObject(to('/change-password'));
  });

  it('treats the other org screens like public ones for a signed-in user', () => {
    expect(decide('onboarding', '/acme/forgot-password', SIGNED_IN, ACME_EMPLOYEE)).toEqual(to('/workspace'));
    expect(decide('onboarding', '/acme/preboarding/login', FORCED_CHANGE, ACME_EMPLOYEE)).toEqual(to('/change-password'));
    expect(decide('onboarding', '/acme/reset/abc', SIGNED_OUT)).toBeNull();
  });
});
