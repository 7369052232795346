import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSummary, OrganizationSettings } from '../../../shared/protocol/admin-schemas';

vi.mock('../../api', () => import('./call-double'));
vi.mock('../../ui/toast', () => import('./call-double'));
const { calls, replies, toasts } = await import('./call-double');

const { AppsSection } = await import('./apps-section');

const SETTINGS: OrganizationSettings = { orgId: 'acme', company: 'Acme Corporation', logoUrl: null, secondFactor: 'none', allowTrustedDevices: true, allowedIpRanges: [], yourAddress: null, plan: ['pms'], language: null };
const SECRET = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';

const app = (overrides: Partial<AppSummary>): AppSummary => ({
  clientId: 'acme-k3x9',
  name: 'HR Sync',
  logoUrl: null,
  redirectUris: ['https://sync.acme.test/callback'],
  type: 'confidential',
  apiAccess: true,
  backchannelLogoutUri: null,
  disabled: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

let apps: AppSummary[] = [];
beforeEach(() => {
  calls.length = 0;
  toasts.length = 0;
  replies.clear();
  apps = [app({ clientId: 'acme-old', name: 'Old Portal', type: 'public', apiAccess: false, disabled: true })];
  replies.set('getOrganizationApps', () => ({ list: apps }));
});

const renderApps = () => render(<AppsSection orgId="acme" settings={SETTINGS} onSettingsChange={() => undefined} />);

describe('Apps', () => {
  it('lists each app with its type, redirect URIs, back-channel logout URI, API access and status', async () => {
    apps = [...apps, app({ clientId: 'acme-time', name: 'Timesheets', backchannelLogoutUri: 'https://time.acme.test/oidc/logout' })];
    renderApps();
    const table = await screen.findByRole('table', { name: 'Apps of Acme Corporation' });
    expect(within(table).getByRole('columnheader', { name: 'Back-channel logout' })).toBeInTheDocument();
    const timesheets = (await within(table).findByText('Timesheets')).closest('tr')!;
    expect(within(timesheets).getByText('https://time.acme.test/oidc/logout')).toBeInTheDocument();
    const row = within(table).getByText('Old Portal').closest('tr')!;
    expect(within(row).getAllByText('None')).toHaveLength(2);
    expect(within(row).getByText('acme-old')).toBeInTheDocument();
    expect(within(row).getByText('Public')).toBeInTheDocument();
    expect(within(row).getByText('https://sync.acme.test/callback')).toBeInTheDocument();
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Turn on Old Portal' })).toBeInTheDocument();
    // A public app has no secret to rotate.
    expect(within(row).queryByRole('button', { name: /Rotate/ })).toBeNull();
  });

  it('shows a confidential app’s secret once, right after registering, with Copy, and never again', async () => {
    const user = userEvent.setup();
    replies.set('registerApp', (payload) => {
      const registered = app({ ...(payload as Partial<AppSummary>) });
      apps = [...apps, registered];
      return { app: registered, clientSecret: SECRET };
    });
    renderApps();
    await user.click(await screen.findByRole('button', { name: 'Register an app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register an app' });
    await user.type(within(dialog).getByLabelText('App name'), 'HR Sync');
    await user.type(within(dialog).getByLabelText('Redirect URIs, one per line'), 'https://sync.acme.test/callback{enter}not a url');
    await user.click(within(dialog).getByRole('checkbox', { name: /Admin API access/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('Line 2: Redirect URI must be valid.')).toBeInTheDocument();
    expect(calls.filter((item) => item.event === 'registerApp')).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Redirect URIs, one per line'));
    await user.type(within(dialog).getByLabelText('Redirect URIs, one per line'), 'https://sync.acme.test/callback');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    const secret = await screen.findByRole('dialog', { name: 'Client secret of HR Sync' });
    expect(calls.find((item) => item.event === 'registerApp')?.payload).toEqual({
      orgId: 'acme',
      name: 'HR Sync',
      redirectUris: ['https://sync.acme.test/callback'],
      type: 'confidential',
      apiAccess: true,
    });
    expect(secret).toHaveAccessibleDescription(expect.stringContaining('This secret is shown only now'));
    expect(within(secret).getByTestId('app-client-secret')).toHaveTextContent(SECRET);
    expect(within(secret).getByRole('button', { name: 'Copy the client secret' })).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'Done, I have kept it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Gone from the page, and the list (which the server never gives it) does not show it.
    expect(await within(screen.getByRole('table')).findByText('HR Sync')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('offers no API access to a public app', async () => {
    const user = userEvent.setup();
    renderApps();
    await user.click(await screen.findByRole('button', { name: 'Register an app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register an app' });
    expect(within(dialog).getByRole('checkbox', { name: /Admin API access/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Public' }));
    expect(within(dialog).queryByRole('checkbox', { name: /Admin API access/ })).toBeNull();
  });

  it('deletes an app only once DELETE is typed', async () => {
    const user = userEvent.setup();
    replies.set('deleteApp', () => ({ success: true }));
    renderApps();
    await user.click(await screen.findByRole('button', { name: 'Delete Old Portal' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Old Portal?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Please Type DELETE'), 'DELETE');
    await user.click(confirm);
    await waitFor(() => expect(toasts).toEqual(['Old Portal was deleted.']));
    expect(calls.find((item) => item.event === 'deleteApp')?.payload).toEqual({ orgId: 'acme', clientId: 'acme-old' });
  });

  it('registers an app with a back-channel logout URI, checked with the contract\'s rule, and changes and removes it', async () => {
    const user = userEvent.setup();
    replies.set('registerApp', (payload) => ({ app: app({ ...(payload as Partial<AppSummary>), type: 'public', apiAccess: false }), clientSecret: null }));
    replies.set('updateApp', (payload) => ({ app: app(payload as Partial<AppSummary>) }));
    renderApps();
    await user.click(await screen.findByRole('button', { name: 'Register an app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register an app' });
    const field = within(dialog).getByLabelText('Back-channel logout URI (optional)');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('OpenID back-channel logout'));
    await user.type(within(dialog).getByLabelText('App name'), 'Timesheets');
    await user.type(within(dialog).getByLabelText('Redirect URIs, one per line'), 'https://time.acme.test/callback');
    await user.click(within(dialog).getByRole('radio', { name: 'Public' }));
    // Reached from the keyboard like the other fields.
    await user.click(within(dialog).getByLabelText('Redirect URIs, one per line'));
    await user.tab();
    expect(field).toHaveFocus();
    await user.keyboard('http://time.acme.test/logout');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('A back-channel logout URI must start with https:// (http:// only for localhost or 127.0.0.1).')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((item) => item.event === 'registerApp')).toEqual([]);
    await user.clear(field);
    await user.type(field, 'https://time.acme.test/logout');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(toasts).toEqual(['Timesheets is registered.']));
    expect(calls.find((item) => item.event === 'registerApp')?.payload).toEqual({
      orgId: 'acme',
      name: 'Timesheets',
      redirectUris: ['https://time.acme.test/callback'],
      type: 'public',
      apiAccess: false,
      backchannelLogoutUri: 'https://time.acme.test/logout',
    });

    // Edited: unchanged, it is not sent; emptied, it is removed (null).
    apps = [app({ clientId: 'acme-time', name: 'Timesheets', backchannelLogoutUri: 'https://time.acme.test/logout' })];
    cleanup();
    renderApps();
    const edit = async () => {
      await user.click(await screen.findByRole('button', { name: 'Edit Timesheets' }));
      return screen.findByRole('dialog', { name: 'Edit Timesheets' });
    };
    let editing = await edit();
    expect(within(editing).getByLabelText('Back-channel logout URI (optional)')).toHaveValue('https://time.acme.test/logout');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((item) => item.event === 'updateApp')).toHaveLength(1));
    expect(calls.find((item) => item.event === 'updateApp')?.payload).not.toHaveProperty('backchannelLogoutUri');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    editing = await edit();
    await user.clear(within(editing).getByLabelText('Back-channel logout URI (optional)'));
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((item) => item.event === 'updateApp')).toHaveLength(2));
    expect(calls.filter((item) => item.event === 'updateApp')[1]?.payload).toMatchObject({ clientId: 'acme-time', backchannelLogoutUri: null });
  });
});
