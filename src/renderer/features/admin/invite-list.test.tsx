import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductKey } from '../../../shared/products';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';

vi.mock('../../api', () => import('./call-double'));
vi.mock('../../ui/toast', () => import('./call-double'));
const { calls, replies, toasts } = await import('./call-double');

const { parseInviteList, serverRowProblems, describeProblem } = await import('./invite-list');
const { InviteManyForm } = await import('./invite-many-form');

const PLAN: ProductKey[] = ['hrms', 'chat', 'pms', 'survey'];
const DEFAULTS = { role: 'member' as const, productAccess: ['hrms'] as ProductKey[] };

beforeEach(() => {
  calls.length = 0;
  toasts.length = 0;
  replies.clear();
});

describe('parseInviteList', () => {
  it('reads a CSV with a header row, in any column order and case, and fills what a row leaves out from the defaults', () => {
    const csv = ['Role,EMAIL,Products', 'member,Ada@Example.com,HR;Chat', 'client,grace@example.com,Project', ',linus@example.com,', 'admin,ken@example.com,HR'].join('\n');
    const list = parseInviteList(csv, DEFAULTS, PLAN);
    expect(list.problems).toEqual([]);
    expect(list.invitations).toEqual([
      { email: 'ada@example.com', role: 'member', productAccess: ['hrms', 'chat'] },
      { email: 'grace@example.com', role: 'client', productAccess: ['pms'] },
      { email: 'linus@example.com', role: 'member', productAccess: ['hrms'] },
      // An admin opens every product: the list's products are not sent.
      { email: 'ken@example.com', role: 'admin' },
    ]);
  });

  it('reads one address per line, skipping empty lines, with a semicolon CSV and quoted cells too', () => {
    expect(parseInviteList('a@example.com\n\nb@example.com\n', DEFAULTS, PLAN).invitations.map((row) => row.email)).toEqual(['a@example.com', 'b@example.com']);
    const semicolons = parseInviteList('email;role;products\nc@example.com;member;"HR,Chat"', DEFAULTS, PLAN);
    expect(semicolons.invitations).toEqual([{ email: 'c@example.com', role: 'member', productAccess: ['hrms', 'chat'] }]);
    // A default product the row's role cannot open is left out for that row, not refused.
    expect(parseInviteList('d@example.com,client', DEFAULTS, PLAN).invitations).toEqual([{ email: 'd@example.com', role: 'client' }]);
  });

  it('lists every bad row with its number (the first person is row 1, the header is not counted) and keeps none of them', () => {
    const csv = [
      'email,role,products',
      'ada@example.com,member,HR',
      'not-an-address,member,',
      'grace@example.com,boss,',
      'linus@example.com,member,Payroll',
      'ken@example.com,client,Chat',
      'ADA@example.com,member,',
      ',member,HR',
      'bob@example.com,member,Spreadsheets',
    ].join('\n');
    const list = parseInviteList(csv, DEFAULTS, PLAN);
    expect(list.problems.map(describeProblem)).toEqual([
      'Row 2 (not-an-address): Email must be valid.',
      'Row 3 (grace@example.com): Role must be valid.',
      'Row 4 (linus@example.com): Payroll is not in the organization’s plan.',
      'Row 5 (ken@example.com): Clients cannot be given Chat.',
      'Row 6 (ADA@example.com): ada@example.com is listed twice (also row 1).',
      'Row 7: The email address is missing (Required*).',
      'Row 8 (bob@example.com): “Spreadsheets” is not a product. Use HR, Chat, Project, Payroll, Survey, Applicant tracking, Assets, Performance.',
    ]);
  });

  it('says what no row can: an empty list, an open quotation mark, more than 100 rows; never a library message', () => {
    expect(parseInviteList('  \n\n', DEFAULTS, PLAN).problems.map(describeProblem)).toEqual(['The list is empty: add at least one email address.']);
    expect(parseInviteList('email\n"ada@example.com', DEFAULTS, PLAN).problems.map(describeProblem)).toEqual(['A quotation mark (") is opened and never closed: check the list for it.']);
    const many = Array.from({ length: 101 }, (_, index) => `p${index}@example.com`).join('\n');
    expect(parseInviteList(many, DEFAULTS, PLAN).problems.map(describeProblem)).toEqual(['At most 100 invitations at a time: this list has 101. Send it in parts.']);
    const long = `${'a'.repeat(250)}@example.com`;
    expect(parseInviteList(long, DEFAULTS, PLAN).problems.map((problem) => problem.message)).toEqual(['Please enter at most 254 characters.']);
  });

  it("puts the server's per-row issues on the rows that were sent", () => {
    const sent = [
      { email: 'a@example.com', role: 'member' as const },
      { email: 'b@example.com', role: 'member' as const },
    ];
    expect(serverRowProblems([{ path: 'invitations.1.email', message: 'b@example.com is already a member of Acme.' }, { path: 'orgId', message: 'Nope.' }], sent).map(describeProblem)).toEqual([
      'Row 2 (b@example.com): b@example.com is already a member of Acme.',
      'Nope.',
    ]);
  });
});

describe('Invite many', () => {
  const renderForm = () => {
    const onInvited = vi.fn();
    render(<InviteManyForm orgId="acme" plan={PLAN} onInvited={onInvited} />);
    return onInvited;
  };

  it('sends nothing while a row is bad, and lists each bad row by number', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Addresses or CSV'), 'ada@example.com{enter}grace@{enter}linus@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was sent. Fix 1 problem in the list:');
    expect(within(alert).getByText('Row 2 (grace@): Email must be valid.')).toBeInTheDocument();
    await waitFor(() => expect(alert).toHaveFocus());
    expect(calls.filter((item) => item.event === 'inviteToOrganization')).toEqual([]);
  });

  it('reads an uploaded CSV into the box, sends every row once the list is right, and says how many were invited', async () => {
    const user = userEvent.setup({ applyAccept: false });
    replies.set('inviteToOrganization', (payload) => ({
      invited: (payload as { invitations: { email: string }[] }).invitations.map((invitation, index) => ({ id: `00000000-0000-4000-8000-00000000000${index}`, email: invitation.email, expiresAt: null })),
    }));
    const onInvited = renderForm();
    const csv = new File(['email,role,products\nada@example.com,member,HR;Chat\ngrace@example.com,client,\n'], 'people.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Or upload a CSV file', { selector: 'input' }), csv);
    await waitFor(() => expect(screen.getByLabelText('Addresses or CSV')).toHaveValue('email,role,products\nada@example.com,member,HR;Chat\ngrace@example.com,client,\n'));
    await user.click(screen.getByRole('button', { name: 'Check the list' }));
    expect(await screen.findByText('The list is ready: 2 invitations to send.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(onInvited).toHaveBeenCalled());
    expect(calls.find((item) => item.event === 'inviteToOrganization')?.payload).toEqual({
      orgId: 'acme',
      invitations: [
        { email: 'ada@example.com', role: 'member', productAccess: ['hrms', 'chat'] },
        { email: 'grace@example.com', role: 'client' },
      ],
    });
    expect(toasts).toEqual(['Invited 2 people.']);
    expect(screen.getByLabelText('Addresses or CSV')).toHaveValue('');
  });

  it("refuses a file that is not CSV with the kit's message", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    await user.upload(screen.getByLabelText('Or upload a CSV file', { selector: 'input' }), new File(['x'], 'people.xlsx'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unsupported File.');
  });

  it("shows the server's refusals by row when it sends nothing", async () => {
    const user = userEvent.setup();
    replies.set('inviteToOrganization', () => {
      throw new CallError(ERROR_CODES.CONFLICT, 'grace@example.com is already a member of Acme Corporation.', {
        issues: [{ path: 'invitations.1.email', message: 'grace@example.com is already a member of Acme Corporation.' }],
      });
    });
    renderForm();
    await user.type(screen.getByLabelText('Addresses or CSV'), 'ada@example.com{enter}grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was sent. grace@example.com is already a member of Acme Corporation.');
    expect(within(alert).getByText('Row 2 (grace@example.com): grace@example.com is already a member of Acme Corporation.')).toBeInTheDocument();
    expect(toasts).toEqual([]);
  });

  it('documents the format with a sample', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByText('CSV format'));
    expect(screen.getByLabelText('Sample CSV')).toHaveTextContent('email,role,products ada@example.com,member,HR;Chat;Project');
  });
});
