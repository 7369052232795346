import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PORTAL_PATHS, portalPathOf } from '../../shared/portal-paths';
import { ROUTES } from './route-table';
import type { RouteAccess } from './route-guard';

// Every route of spec section 2 as a concrete path, with the access kind its guard must apply.
const SPEC_ROUTES: [string, RouteAccess][] = [
  ['/', 'root'],
  ['/login', 'public'],
  ['/multi-factor-authenticate', 'mfa-login'],
  ['/setup-multi-factor', 'mfa-setup'],
  ['/recovery-code', 'recovery'],
  ['/forgot-password', 'public'],
  ['/forget-with-recovery', 'recovery'],
  ['/reset-with-recovery', 'recovery'],
  ['/email-sent', 'public'],
  ['/reset/abc123', 'public'],
  ['/register', 'public'],
  ['/stay-tuned', 'public'],
  ['/verify-email', 'public'],
  ['/invite/inv-123', 'open'],
  ['/invite-client/123e4567-e89b-12d3-a456-426614174000', 'open'],
  ['/authorize', 'open'],
  ['/downloads', 'open'],
  ['/acme/login', 'onboarding'],
  ['/acme/register', 'onboarding'],
  ['/acme/forgot-password', 'onboarding'],
  ['/acme/reset/abc123', 'onboarding'],
  ['/acme/email-sent', 'onboarding'],
  ['/acme/preboarding/login', 'onboarding'],
  ['/acme/preboarding/register', 'onboarding'],
  ['/acme/preboarding/forgot-password', 'onboarding'],
  ['/acme/preboarding/reset/abc123', 'onboarding'],
  ['/acme/preboarding/email-sent', 'onboarding'],
  ['/workspace', 'protected'],
  ['/change-password', 'protected'],
  ['/verify-organization/64b7f0c2a1', 'protected'],
  // The security center (beyond the spec), signed in only.
  ['/account', 'protected'],
  ['/account/sessions', 'protected'],
  ['/account/history', 'protected'],
  ['/account/second-factor', 'protected'],
  ['/account/passkeys', 'protected'],
  ['/account/organization-audit', 'protected'],
  // The organization admin console (beyond the spec), signed in only.
  ['/admin', 'protected'],
  ['/admin/acme', 'protected'],
  ['/admin/acme/members', 'protected'],
  ['/admin/acme/invitations', 'protected'],
  ['/admin/acme/security', 'protected'],
  ['/admin/acme/branding', 'protected'],
  ['/admin/acme/apps', 'protected'],
  ['/admin/acme/sign-in', 'protected'],
  ['/no/such/page', 'not-found'],
  ['/acme/preboarding/elsewhere', 'not-found'],
];

const routeFor = (path: string) => matchRoutes(ROUTES.map((route) => ({ ...route })), path)?.[0]?.route;

describe('the route table', () => {
  it.each(SPEC_ROUTES)('%s is a %s route', (path, access) => {
    expect(routeFor(path)?.access).toBe(access);
  });

  it('gives every route but / a screen', () => {
    expect(ROUTES.filter((route) => !route.screen).map((route) => route.path)).toEqual(['/']);
  });

  it('gives every route but / its own title', () => {
    const titled = ROUTES.filter((route) => route.path !== '/');
    expect(titled.filter((route) => !route.title).map((route) => route.path)).toEqual([]);
    const titles = titled.map((route) => route.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('has the server\'s list of paths (shared/portal-paths.ts), so the server answers 404 exactly where the not-found screen shows', () => {
    const served = PORTAL_PATHS.map((entry) => entry.pattern).filter((pattern) => pattern !== '/auth/ms/callback');
    expect(ROUTES.map((route) => route.path).filter((path) => path !== '*').sort()).toEqual(served.sort());
    for (const [path, access] of [...SPEC_ROUTES, ['/sso/complete', 'open'], ['/login/extra', 'not-found'], ['/robots.txt', 'not-found']] as const) {
      expect({ path, known: portalPathOf(path) !== null }).toEqual({ path, known: access !== 'not-found' });
      expect({ path, access: routeFor(path)?.access === 'not-found' }).toEqual({ path, access: access === 'not-found' });
    }
  });

  it('declares each path once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
