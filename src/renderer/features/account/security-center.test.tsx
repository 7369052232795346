import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toPlanAccess } from '../../../shared/products';
import type { MemberAuditEntry, SessionSummary } from '../../../shared/protocol/security-schemas';
import { useSessionStore } from '../../session/session-store';

// The screens with the server's side played by a recorded `call`: what they ask for, and what the user sees.
const calls: { event: string; payload: unknown }[] = [];
const replies = new Map<string, (payload: unknown) => unknown>();
vi.mock('../../api', () => ({
  call: (event: string, payload: unknown) => {
    calls.push({ event, payload });
    const reply = replies.get(event);
    return reply ? Promise.resolve(reply(payload)) : Promise.reject(new Error(`no reply for ${event}`));
  },
  errorMessage: (error: unknown) => (error instanceof Error ? error.message : String(error)),
  extendContract: () => undefined,
}));
vi.mock('../../ui/toast', () => ({ showToast: vi.fn() }));

const { SessionsScreen } = await import('./sessions-screen');
const { SecondFactorScreen } = await import('./second-factor-screen');
const { OrganizationAuditScreen } = await import('./organization-audit-screen');
const { ConnectedAppsScreen } = await import('./connected-apps-screen');

const session = (overrides: Partial<SessionSummary>): SessionSummary => ({
  id: '123e4567-e89b-42d3-a456-426614174000',
  current: false,
  platform: 'web',
  appFlavor: null,
  appVersion: null,
  device: 'Chrome 126 on Linux',
  ip: '203.0.113.5',
  firstIp: '203.0.113.5',
  signedInAt: '2026-03-01T10:00:00.000Z',
  lastSeenAt: '2026-03-01T11:00:00.000Z',
  ...overrides,
});

const inRouter = (element: React.ReactNode) => render(<MemoryRouter>{element}</MemoryRouter>);

beforeEach(() => {
  calls.length = 0;
  replies.clear();
  replies.set('getWorkspaceList', () => ({ list: [], activeOrgId: null }));
});

describe('Connected apps', () => {
  it('lists each allowed app with what it may see in plain words, and revokes one after the confirmation', async () => {
    let list = [{ clientId: 'partner-app', name: 'Partner Planner', logoUrl: null, scopes: ['openid', 'email', 'offline_access'], allowedAt: '2026-03-01T10:00:00.000Z' }];
    replies.set('getConnectedApps', () => ({ list }));
    replies.set('revokeConnectedApp', () => {
      list = [];
      return { success: true };
    });
    inRouter(<ConnectedAppsScreen />);
    const card = (await screen.findByRole('heading', { name: 'Partner Planner', level: 2 })).closest('li')!;
    expect(within(card).getByText('See your email address')).toBeInTheDocument();
    expect(within(card).getByText('Stay signed in when you are not using it')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Revoke access of Partner Planner' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke access of Partner Planner?' });
    expect(dialog).toHaveTextContent('it will ask for your permission again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    expect(await screen.findByText('No app outside the suite has access to your account.')).toBeInTheDocument();
    expect(calls.filter((item) => item.event === 'revokeConnectedApp').map((item) => item.payload)).toEqual([{ clientId: 'partner-app' }]);
  });
});

describe('Sessions and devices', () => {
  it('marks this device, offers Sign out for the others only, and ends one after the confirmation', async () => {
    let list = [
      session({ id: '00000000-0000-4000-8000-000000000001', current: true }),
      session({ id: '00000000-0000-4000-8000-000000000002', platform: 'desktop', appFlavor: 'chat', appVersion: '1.4.0', device: 'Suite Chat 1.4.0 on macOS', firstIp: '10.0.0.2' }),
    ];
    replies.set('getSessionList', () => ({ list }));
    replies.set('endSession', () => {
      list = list.slice(0, 1);
      return { success: true };
    });
    inRouter(<SessionsScreen />);
    const table = await screen.findByRole('table', { name: 'Sessions and devices' });
    const desktop = (await within(table).findByText('Suite Chat 1.4.0 on macOS')).closest('tr')!;
    expect(within(desktop).getByText('Desktop app (Suite Chat 1.4.0)')).toBeInTheDocument();
    expect(within(desktop).getByText('10.0.0.2 (private network)')).toBeInTheDocument();
    const mine = within(table).getByText('This device').closest('tr')!;
    expect(within(mine).queryByRole('button', { name: /Sign out/ })).toBeNull();

    await userEvent.click(within(desktop).getByRole('button', { name: /^Sign out Suite Chat 1.4.0 on macOS/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out this session?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(within(table).queryByText('Suite Chat 1.4.0 on macOS')).toBeNull());
    expect(calls.filter((item) => item.event === 'endSession').map((item) => item.payload)).toEqual([{ sessionId: '00000000-0000-4000-8000-000000000002' }]);
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  });
});

describe('Page sizes (spec section 9)', () => {
  it('opens the sessions list at 40 rows, offers exactly 20, 40, 60, 80 and 100, and a new size goes back to page 1', async () => {
    const list = Array.from({ length: 45 }, (_, index) =>
      session({ id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`, current: index === 0, device: `Browser ${String(index).padStart(2, '0')}`, lastSeenAt: new Date(Date.UTC(2026, 2, 1, 12, 0) - index * 60_000).toISOString() }),
    );
    replies.set('getSessionList', () => ({ list }));
    inRouter(<SessionsScreen />);
    const table = await screen.findByRole('table', { name: 'Sessions and devices' });
    await within(table).findByText('Browser 00');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(40);
    const pages = screen.getByRole('navigation', { name: 'Sessions and devices pages' });
    const size = within(pages).getByLabelText('Rows per page');
    expect(size).toHaveValue('40');
    expect(within(size).getAllByRole('option').map((option) => option.textContent)).toEqual(['20', '40', '60', '80', '100']);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(5);
    await userEvent.selectOptions(size, '20');
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(20);
    expect(within(table).getByText('Browser 00')).toBeInTheDocument();
  });
});

describe('Second factor', () => {
  it('shows the setup, and regenerates the recovery code only once the word is typed in capitals', async () => {
    replies.set('hrms|master|MFA|read', () => ({ MFA: { isEmailMFA: false, isAuthenticatorAppMFA: true }, company: { isEmailMFA: true, isAuthenticatorAppMFA: true } }));
    replies.set('regenerateRecoveryCode', () => ({ recoveryCode: 'abcd-efghj' }));
    inRouter(<SecondFactorScreen />);
    expect(await screen.findByText('work email and authenticator app')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate recovery code' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Regenerate the recovery code?' });
    const confirm = within(dialog).getByRole('button', { name: 'Regenerate' });
    await userEvent.type(within(dialog).getByLabelText('Please Type REGENERATE'), 'regenerate');
    expect(confirm).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText('Please Type REGENERATE'));
    await userEvent.type(within(dialog).getByLabelText('Please Type REGENERATE'), 'REGENERATE');
    await userEvent.click(confirm);
    expect(await screen.findByTestId('regenerated-recovery-code')).toHaveTextContent('abcd-efghj');
    expect(calls.filter((item) => item.event === 'regenerateRecoveryCode')).toHaveLength(1);
  });

  it('offers Turn on for each factor when no company asks for one, on the setup screen that comes back here', async () => {
    replies.set('hrms|master|MFA|read', () => ({ MFA: { isEmailMFA: false, isAuthenticatorAppMFA: false }, company: { isEmailMFA: false, isAuthenticatorAppMFA: false } }));
    let seen: unknown = null;
    const Setup = () => {
      seen = useLocation().state;
      return <h1>Setup</h1>;
    };
    render(
      <MemoryRouter initialEntries={['/account/second-factor']}>
        <Routes>
          <Route path="/account/second-factor" element={<SecondFactorScreen />} />
          <Route path="/setup-multi-factor" element={<Setup />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('none: no company of yours asks for a second factor')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Turn on work email codes' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change second factor' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Turn off/ })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Turn on authenticator app' }));
    expect(await screen.findByRole('heading', { name: 'Setup' })).toBeInTheDocument();
    expect(seen).toEqual({ returnTo: '/account/second-factor', turnOn: 'app' });
  });

  it('turns off a factor of their own after the confirmation, and keeps the other', async () => {
    let mfa = { isEmailMFA: true, isAuthenticatorAppMFA: true };
    replies.set('hrms|master|MFA|read', () => ({ MFA: mfa, company: { isEmailMFA: false, isAuthenticatorAppMFA: false } }));
    replies.set('hrms|master|MFA|setup', (payload) => {
      mfa = (payload as { MFA: typeof mfa }).MFA;
      return { success: true };
    });
    inRouter(<SecondFactorScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off authenticator app' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off the authenticator app?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('link', { name: 'Turn on authenticator app' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off work email codes' })).toBeInTheDocument();
    expect(calls.filter((item) => item.event === 'hrms|master|MFA|setup').map((item) => item.payload)).toEqual([{ MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false } }]);
  });

  it('offers no recovery code without the authenticator app', async () => {
    replies.set('hrms|master|MFA|read', () => ({ MFA: { isEmailMFA: true, isAuthenticatorAppMFA: false }, company: { isEmailMFA: true, isAuthenticatorAppMFA: false } }));
    inRouter(<SecondFactorScreen />);
    expect(await screen.findByText('A recovery code comes with the authenticator app.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate recovery code' })).toBeNull();
  });
});

describe('Organization audit', () => {
  it('says who made each administrator’s change, and filters by the administration’s kinds too', async () => {
    // Its own session: the list of administered organizations is remembered per session.
    useSessionStore.setState({ token: 'audit-token' });
    replies.set('getWorkspaceList', () => ({
      list: [{ _id: 'o1', orgId: 'acme', company: 'Acme', logoURL: null, role: 'admin', planAccess: toPlanAccess({ hrms: true }), productAccess: [], isAdmin: true, isCompanyMFA: false }],
      activeOrgId: 'acme',
    }));
    const entry = (overrides: Partial<MemberAuditEntry>): MemberAuditEntry => ({
      id: '00000000-0000-4000-8000-000000000010',
      at: '2026-03-01T10:00:00.000Z',
      kind: 'sign-in',
      detail: null,
      ip: '203.0.113.5',
      device: 'Chrome 126 on Linux',
      platform: 'web',
      actor: null,
      member: { name: 'Ada Lovelace', email: 'ada@acme.test' },
      ...overrides,
    });
    replies.set('getOrganizationAudit', () => ({
      list: [entry({}), entry({ id: '00000000-0000-4000-8000-000000000011', kind: 'member-invited', actor: 'Alan Admin (admin@acme.test)', member: { name: '', email: 'grace@acme.test' } })],
      total: 2,
    }));
    inRouter(<OrganizationAuditScreen />);
    const table = await screen.findByRole('table', { name: 'Acme audit' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(expect.arrayContaining(['Member↕', 'By']));
    const invited = (await within(table).findByText('Invited')).closest('tr')!;
    expect(within(invited).getByText('Alan Admin (admin@acme.test)')).toBeInTheDocument();
    expect(within(within(table).getByText('Signed in').closest('tr')!).getByText('The member')).toBeInTheDocument();
    const kinds = screen.getByLabelText('Event');
    expect(within(within(kinds).getByRole('group', { name: 'Administration' })).getByRole('option', { name: 'Invited' })).toBeInTheDocument();
    await userEvent.selectOptions(kinds, 'member-removed');
    await waitFor(() => expect(calls.filter((item) => item.event === 'getOrganizationAudit').at(-1)?.payload).toMatchObject({ orgId: 'acme', filter: { kinds: ['member-removed'] } }));
  });
});
