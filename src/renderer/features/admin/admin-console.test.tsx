import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toPlanAccess } from '../../../shared/products';
import type { Organization } from '../../../shared/protocol';
import type { OrganizationSettings } from '../../../shared/protocol/admin-schemas';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';
import { useSessionStore } from '../../session/session-store';

vi.mock('../../api', () => import('./call-double'));
vi.mock('../../ui/toast', () => import('./call-double'));
const { calls, replies } = await import('./call-double');

const { default: AdminConsole } = await import('./admin-console');

const organization = (orgId: string, company: string, isAdmin: boolean): Organization => ({
  _id: orgId,
  orgId,
  company,
  logoURL: null,
  role: isAdmin ? 'admin' : 'member',
  planAccess: toPlanAccess({ hrms: true }),
  productAccess: ['hrms'],
  isAdmin,
  isCompanyMFA: false,
});
const settings = (orgId: string, company: string): OrganizationSettings => ({ orgId, company, logoUrl: null, secondFactor: 'none', allowTrustedDevices: true, allowedIpRanges: [], yourAddress: '203.0.113.5', plan: ['hrms'], language: null });
const NOT_YOURS = 'Only an administrator of this organization can see its audit.';

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}
const open = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminConsole />
      <Where />
    </MemoryRouter>,
  );

let session = 0;
beforeEach(() => {
  calls.length = 0;
  replies.clear();
  // A token per test: the list of administered organizations is remembered per session.
  useSessionStore.setState({ token: `token-${++session}`, email: 'admin@acme.test' });
  replies.set('getWorkspaceList', () => ({ list: [organization('acme', 'Acme Corporation', true), organization('globex', 'Globex', false)], activeOrgId: 'acme' }));
  replies.set('getOrganizationSettings', (payload) => {
    if ((payload as { orgId: string }).orgId !== 'acme') throw new CallError(ERROR_CODES.FORBIDDEN, NOT_YOURS);
    return settings('acme', 'Acme Corporation');
  });
  replies.set('getOrganizationMembers', () => ({ list: [], total: 0, plan: ['hrms'] }));
});

describe('the admin console', () => {
  it('opens the only organization the user administers straight away, at its members', async () => {
    open('/admin');
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/admin/acme/members'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Members · Acme Corporation · Admin console · Suite Portal'));
    expect(screen.getByRole('navigation', { name: 'Acme Corporation administration' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Signed in as admin@acme.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to workspace' })).toHaveAttribute('href', '/workspace');
  });

  it('lists the organizations when the user administers several', async () => {
    replies.set('getWorkspaceList', () => ({ list: [organization('acme', 'Acme Corporation', true), organization('initech', 'Initech', true)], activeOrgId: 'acme' }));
    open('/admin');
    const list = await screen.findByRole('list', { name: 'Organizations you administer' });
    expect(list).toHaveTextContent('Acme CorporationInitech');
    expect(screen.getByRole('link', { name: 'Initech' })).toHaveAttribute('href', '/admin/initech/members');
    expect(document.title).toBe('Admin console · Suite Portal');
  });

  it("shows a plain 'not an administrator' panel, with the server's words, for an organization the user does not administer", async () => {
    open('/admin/globex/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not an administrator' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(NOT_YOURS);
    expect(screen.queryByRole('navigation', { name: /administration/ })).toBeNull();
    expect(calls.map((item) => item.event)).not.toContain('getOrganizationMembers');
  });

  it('says the same for an organization id that cannot be one, never the field check’s text', async () => {
    // The caller checks the payload before sending: an id with a `$` fails the contract's orgId rule (400).
    replies.set('getOrganizationSettings', () => {
      throw new CallError(ERROR_CODES.BAD_REQUEST, 'orgId: Organization id must be valid.', { fields: ['orgId'] });
    });
    open('/admin/no$such/members');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not an administrator' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Only an administrator of this organization can open its admin console.');
  });

  it('sends an unknown section to the members', async () => {
    open('/admin/acme/nonsense');
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/admin/acme/members'));
  });
});
