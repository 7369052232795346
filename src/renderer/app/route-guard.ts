import type { PortalConfig } from '../../shared/protocol';
import { boardingDocumentUrl, employeePreviewUrl, parseOrgPath } from '../features/onboarding/onboarding-paths';

/**
 * How a route may be reached (spec section 2, Route guards):
 * - `root`: '/', which goes to /login;
 * - `public`: sign-in and sign-up screens without an org; a signed-in user is sent on;
 * - `open`: anyone, signed in or not (invitations, authorize, downloads);
 * - `onboarding`: the /{orgId}/… and /{orgId}/preboarding/… screens;
 * - `mfa-login`, `mfa-setup`, `recovery`: the second-factor and recovery screens;
 * - `protected`: signed-in only;
 * - `not-found`: the catch-all.
 */
export type RouteAccess = 'root' | 'public' | 'open' | 'onboarding' | 'mfa-login' | 'mfa-setup' | 'recovery' | 'protected' | 'not-found';

/** The facts about the session the guards look at. */
export interface SessionSnapshot {
  /** A token is stored (ubs_token present): the user counts as signed in. */
  hasToken: boolean;
  /** `authenticate` (or a full login) confirmed the token in this page. */
  isAuthenticated: boolean;
  /** A forced password change is pending. */
  aftrp: boolean;
  /** Sign-in details are held for the second factor. */
  hasLoginDetails: boolean;
}

export interface GuardInput {
  access: RouteAccess;
  path: string;
  /** location.search, with or without the leading '?'. */
  query: string;
  session: SessionSnapshot;
  productUrls: Pick<PortalConfig['productUrls'], 'recruit' | 'hrms'>;
  /**
   * The onboarding employee the stored session belongs to, remembered from onboardingLogin or onboardingSignUp: their
   * id and the organization they signed in to (null when unknown, from a sign-in before it was remembered).
   */
  onboardingEmployee: { id: string; orgId: string | null } | null;
}

/**
 * Why a signed-in user was sent to /workspace instead of an organization's onboarding page: the workspace says so.
 * Carried as the navigation's state, so it belongs to that one visit.
 */
export interface OnboardingRedirectNotice {
  onboardingOrgId: string;
}

/** null: render the screen; 'authenticate-first': resolve the token, then decide again; otherwise go elsewhere. */
export type GuardDecision = null | 'authenticate-first' | { redirect: string; external: boolean; state?: OnboardingRedirectNotice };

const AUTHORIZE_PATH = '/authorize';
const AUTHORIZE_KEYS = ['redirect_uri', 'client_id', 'code_challenge'] as const;

const to = (path: string) => ({ redirect: path, external: false });
const away = (url: string): GuardDecision => ({ redirect: url, external: true });

/** Where a signed-in user goes instead of a public screen. */
const signedInHome = (session: SessionSnapshot) => to(session.aftrp ? '/change-password' : '/workspace');

/** Every route guard of spec section 2, as one pure decision. */
export function decideRoute(input: GuardInput): GuardDecision {
  const { access, path, session } = input;
  const query = input.query.replace(/^\?/, '');
  const params = new URLSearchParams(query);

  // A third-party sign-in link, whichever screen it points at, belongs to /authorize with the same query.
  if (path !== AUTHORIZE_PATH && AUTHORIZE_KEYS.every((key) => params.get(key))) return to(`${AUTHORIZE_PATH}?${query}`);

  switch (access) {
    case 'root':
      return to('/login');
    case 'open':
    case 'recovery':
    case 'not-found':
      return null;
    case 'public':
      return session.hasToken ? signedInHome(session) : null;
    case 'onboarding':
      return session.hasToken ? onboardingRedirect(input) : null;
    case 'mfa-login':
      return session.hasLoginDetails ? null : to('/login');
    case 'mfa-setup':
      if (session.hasLoginDetails) return null;
      if (!session.hasToken) return to('/login');
      return session.isAuthenticated ? null : 'authenticate-first';
    case 'protected':
      if (!session.hasToken) return to('/login');
      if (!session.isAuthenticated) return 'authenticate-first';
      return session.aftrp && path !== '/change-password' ? to('/change-password') : null;
  }
}

/**
 * A signed-in user on an org screen. On the sign-in and sign-up screens the spec sends them to the boarding pages:
 * that is done when the session is this organization's onboarding employee's. A regular account goes to its
 * workspace, which says why; an employee of another organization (or of one not remembered) sees the screen they
 * opened, since their session opens nothing else here. The other org screens follow the public rule.
 */
function onboardingRedirect(input: GuardInput): GuardDecision {
  const orgPath = parseOrgPath(input.path);
  if (!orgPath) return signedInHome(input.session);
  const { orgId, preboarding, page } = orgPath;
  const toBoardingDocument = (page === 'login' && !preboarding) || (page === 'register' && preboarding);
  const toEmployeePreview = page === 'register' && !preboarding;
  if (!toBoardingDocument && !toEmployeePreview) return signedInHome(input.session);
  const employee = input.onboardingEmployee;
  // A pending forced password change still comes first (the state is then of no use, and harmless).
  if (!employee) return { ...signedInHome(input.session), state: { onboardingOrgId: orgId } };
  if (employee.orgId !== orgId) return null;
  return away(toBoardingDocument ? boardingDocumentUrl(input.productUrls, orgId, employee.id) : employeePreviewUrl(input.productUrls, orgId, employee.id));
}
