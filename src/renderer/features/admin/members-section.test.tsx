import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminMember, OrganizationSettings } from '../../../shared/protocol/admin-schemas';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';

vi.mock('../../api', () => import('./call-double'));
vi.mock('../../ui/toast', () => import('./call-double'));
const { calls, replies, toasts } = await import('./call-double');

const { MembersSection } = await import('./members-section');

const SETTINGS: OrganizationSettings = {
  orgId: 'acme',
  company: 'Acme Corporation',
  logoUrl: null,
  secondFactor: 'none', allowTrustedDevices: true,
  allowedIpRanges: [],
  yourAddress: '203.0.113.5',
  plan: ['hrms', 'chat', 'pms', 'survey'],
  language: null,
};

const member = (overrides: Partial<AdminMember>): AdminMember => ({
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'ada@acme.test',
  name: 'Ada Lovelace',
  role: 'member',
  productAccess: ['hrms', 'payroll'],
  verified: true,
  secondFactor: { email: false, authenticatorApp: true },
  lastSignInAt: '2026-03-01T10:00:00.000Z',
  joinedAt: '2026-01-01T10:00:00.000Z',
  you: false,
  ...overrides,
});

const ADA = member({});
const ME = member({ userId: '00000000-0000-4000-8000-000000000002', email: 'admin@acme.test', name: 'Alan Admin', role: 'admin', productAccess: [], you: true });
const GRACE = member({ userId: '00000000-0000-4000-8000-000000000003', email: 'grace@acme.test', name: '', role: 'client', productAccess: ['pms'], verified: false, lastSignInAt: null, secondFactor: { email: false, authenticatorApp: false } });

beforeEach(() => {
  calls.length = 0;
  toasts.length = 0;
  replies.clear();
  replies.set('getOrganizationMembers', () => ({ list: [ADA, ME, GRACE], total: 3, plan: SETTINGS.plan }));
});

const renderMembers = () => render(<MemoryRouter><MembersSection orgId="acme" settings={SETTINGS} onSettingsChange={() => undefined} /></MemoryRouter>);
const rowOf = async (text: string) => (await within(await screen.findByRole('table', { name: 'Members of Acme Corporation' })).findByText(text)).closest('tr')!;

describe('Members', () => {
  it('asks for a page of 40 sorted by name, and shows role, what each opens, second factor and last sign-in', async () => {
    renderMembers();
    const ada = await rowOf('Ada Lovelace');
    expect(calls[0]).toEqual({ event: 'getOrganizationMembers', payload: { orgId: 'acme', page: 1, pageSize: 40, sort: { name: 1 } } });
    // Payroll is in her access but not in the plan: she does not open it, so it is not shown.
    expect(within(ada).getAllByText(/^(HR|Chat|Project|Payroll)$/, { ignore: '[aria-hidden="true"]' }).map((tag) => tag.textContent)).toEqual(['HR']);
    expect(within(ada).getByText('Authenticator app')).toBeInTheDocument();
    const grace = await rowOf('grace@acme.test');
    expect(within(grace).getByText('Unverified')).toBeInTheDocument();
    expect(within(grace).getByText('Never')).toBeInTheDocument();
    expect(within(await rowOf('Alan Admin')).getByText('Every product of the plan', { ignore: '[aria-hidden="true"]' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Rows per page')).getAllByRole('option').map((option) => option.textContent)).toEqual(['20', '40', '60', '80', '100']);
  });

  it('offers only the plan’s products the role can open, says an admin opens all, and sends only what changed', async () => {
    const user = userEvent.setup();
    replies.set('updateOrganizationMember', (payload) => ({ member: { ...ADA, ...(payload as object) } }));
    renderMembers();
    await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: 'Change role and access of Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role and product access' });
    // Member: the plan's HR, Chat and Project; never Survey (admins only) nor Payroll (not in the plan).
    expect(within(dialog).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual(['HR', 'Chat', 'Project']);
    expect(within(dialog).getByRole('checkbox', { name: 'HR' })).toBeChecked();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'client');
    expect(within(dialog).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual(['Project']);
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    expect(within(dialog).queryAllByRole('checkbox')).toEqual([]);
    expect(within(dialog).getByTestId('admin-access-note')).toHaveTextContent('An admin opens every product of the plan: HR, Chat, Project and Survey.');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'member');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Chat' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((item) => item.event === 'updateOrganizationMember')).toHaveLength(1));
    expect(calls.find((item) => item.event === 'updateOrganizationMember')?.payload).toEqual({ orgId: 'acme', userId: ADA.userId, productAccess: ['hrms', 'chat'] });
    expect(toasts).toEqual(['Saved the role and product access of Ada Lovelace.']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal to demote the last admin in the dialog, as it says it", async () => {
    const user = userEvent.setup();
    replies.set('updateOrganizationMember', () => {
      throw new CallError(ERROR_CODES.CONFLICT, 'Acme Corporation needs at least one admin: make someone else an admin first.');
    });
    renderMembers();
    await user.click(within(await rowOf('Alan Admin')).getByRole('button', { name: 'Change role and access of Alan Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role and product access' });
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'member');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Acme Corporation needs at least one admin: make someone else an admin first.');
    expect(calls.find((item) => item.event === 'updateOrganizationMember')?.payload).toEqual({ orgId: 'acme', userId: ME.userId, role: 'member' });
  });

  it('removes a member only once REMOVE is typed in capitals, with an optional reason of 3 to 500 characters', async () => {
    const user = userEvent.setup();
    replies.set('removeOrganizationMember', () => ({ success: true }));
    renderMembers();
    await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: 'Remove Ada Lovelace' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Ada Lovelace from Acme Corporation?' });
    const word = within(dialog).getByLabelText('Please Type REMOVE');
    const confirm = within(dialog).getByRole('button', { name: 'Remove' });
    await user.type(word, 'remove');
    expect(confirm).toBeDisabled();
    await user.clear(word);
    await user.type(word, 'REMOVE');
    expect(confirm).toBeEnabled();
    await user.type(within(dialog).getByLabelText('Reason (optional, kept in the audit)'), 'ok');
    // The comment dialog's field: a box that stops at 500 characters, with its count.
    expect(within(dialog).getByLabelText('Reason (optional, kept in the audit)')).toHaveAttribute('maxLength', '500');
    expect(within(dialog).getByText('2/500')).toBeInTheDocument();
    await user.click(confirm);
    expect(await within(dialog).findByText('Please enter at least 3 characters.')).toBeInTheDocument();
    expect(calls.filter((item) => item.event === 'removeOrganizationMember')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason (optional, kept in the audit)'), 'ay, left the company');
    await user.click(confirm);
    await waitFor(() => expect(toasts).toEqual(['Ada Lovelace was removed from Acme Corporation.']));
    expect(calls.find((item) => item.event === 'removeOrganizationMember')?.payload).toEqual({ orgId: 'acme', userId: ADA.userId, reason: 'okay, left the company' });
  });

  it('opens the remove dialog afresh each time: the word typed before is gone', async () => {
    const user = userEvent.setup();
    renderMembers();
    await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: 'Remove Ada Lovelace' }));
    let dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Please Type REMOVE'), 'REMOVE');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(within(await rowOf('grace@acme.test')).getByRole('button', { name: 'Remove grace@acme.test' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove grace@acme.test from Acme Corporation?' });
    expect(within(dialog).getByLabelText('Please Type REMOVE')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeDisabled();
  });

  it('resends the verification mail of an unverified member only', async () => {
    const user = userEvent.setup();
    replies.set('resendMemberVerification', () => ({ success: true }));
    renderMembers();
    expect(within(await rowOf('Ada Lovelace')).queryByRole('button', { name: /Resend verification/ })).toBeNull();
    await user.click(within(await rowOf('grace@acme.test')).getByRole('button', { name: 'Resend verification mail to grace@acme.test' }));
    await waitFor(() => expect(toasts).toEqual(['Verification mail sent to grace@acme.test.']));
    expect(calls.find((item) => item.event === 'resendMemberVerification')?.payload).toEqual({ orgId: 'acme', userId: GRACE.userId });
  });
});
