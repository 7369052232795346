import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Organization } from '../../shared/protocol';
import { toPlanAccess } from '../../shared/products';
import { setPortalConfig } from '../api';
import { platform } from '../platform';
import { OnboardingNotice } from '../features/workspace/onboarding-notice';
import { LOCAL_KEYS, writeLocal } from '../session/local-values';
import { INITIAL_SESSION, useSessionStore } from '../session/session-store';
import { GuardedRoute } from './guarded-route';
import { loginShellConfig } from './login-shell';

/**
 * The spec 2 guard of /{orgId}/login and /{orgId}/register as a signed-in user meets it: an organization's onboarding
 * employee leaves for its boarding page, a regular account lands on a workspace that says why.
 */
const ACME: Organization = {
  _id: 'o1',
  orgId: 'acme',
  company: 'Acme Corporation',
  logoURL: null,
  role: 'member',
  planAccess: toPlanAccess({ hrms: true }),
  productAccess: [],
  isAdmin: false,
  isCompanyMFA: false,
};

const OnboardingScreen = () => <h1>Onboarding Sign In</h1>;

function open(path: string, list: Organization[] = []) {
  const router = createMemoryRouter(
    [
      { path: '/:orgId/login', element: <GuardedRoute entry={{ path: '/:orgId/login', access: 'onboarding', screen: OnboardingScreen }} /> },
      { path: '/:orgId/register', element: <GuardedRoute entry={{ path: '/:orgId/register', access: 'onboarding', screen: OnboardingScreen }} /> },
      // The workspace's own screen loads its list over the socket; the notice is what this test is about.
      { path: '/workspace', element: <OnboardingNotice email="max@acme.test" list={list} /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let left: string[] = [];
beforeEach(() => {
  left = [];
  setPortalConfig({ ...loginShellConfig(false), productUrls: { ...loginShellConfig(false).productUrls, recruit: 'https://recruit.test', hrms: 'https://hr.test' } });
  useSessionStore.setState({ ...INITIAL_SESSION, token: 'jwt.1' }, true);
  vi.spyOn(platform, 'redirect').mockImplementation((url) => void left.push(url));
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('GuardedRoute on an organization onboarding page, signed in', () => {
  it('tells a regular account at the workspace why it is there, until dismissed', async () => {
    const router = open('/acme/login', [ACME]);
    const notice = await screen.findByRole('region', { name: 'Why you are at the workspace' });
    expect(router.state.location.pathname).toBe('/workspace');
    expect(notice).toHaveTextContent(
      'You are already signed in as max@acme.test, so you are at your workspace. The sign-in and sign-up pages of Acme Corporation are for its new employees; to use them, log out first.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Why you are at the workspace' })).toBeNull();
    expect(router.state.location.pathname).toBe('/workspace');
  });

  it('names the organization by its id when it is not one of the user’s', async () => {
    open('/globex/register');
    expect(await screen.findByRole('region', { name: 'Why you are at the workspace' })).toHaveTextContent('The sign-in and sign-up pages of globex are for its new employees');
  });

  it("sends the organization's onboarding employee to the boarding page, and shows another organization's screen", async () => {
    writeLocal(LOCAL_KEYS.onboardingEmployeeId, 'emp-9');
    writeLocal(LOCAL_KEYS.onboardingOrgId, 'acme');
    open('/acme/login');
    await expect.poll(() => left).toEqual(['https://recruit.test/acme/boarding-document/emp-9']);
    expect(screen.queryByRole('region', { name: 'Why you are at the workspace' })).toBeNull();

    open('/globex/login');
    expect(await screen.findByRole('heading', { name: 'Onboarding Sign In' })).toBeVisible();
  });
});
