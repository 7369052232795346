import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScimSettings } from '../../../shared/protocol/scim-schemas';

vi.mock('../../api', () => import('./call-double'));
vi.mock('../../ui/toast', () => import('./call-double'));
const { calls, replies, resetCalls, toasts } = await import('./call-double');

const { ScimSection } = await import('./scim-section');

const BASE_URL = 'https://portal.example/scim/v2/acme';
const TOKEN = 'spscim_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhZm9vYmFyYmF6cXV4';
const inForce = { hint: TOKEN.slice(-4), createdAt: '2026-03-01T10:00:00.000Z', createdBy: 'Ada Admin (ada@acme.example)', lastUsedAt: null };

let settings: ScimSettings;
beforeEach(() => {
  resetCalls();
  settings = { baseUrl: BASE_URL, token: null };
  replies.set('getScimSettings', () => settings);
  replies.set('issueScimToken', () => {
    settings = { baseUrl: BASE_URL, token: inForce };
    return { token: TOKEN, settings };
  });
  replies.set('revokeScimToken', () => {
    settings = { baseUrl: BASE_URL, token: null };
    return { success: true };
  });
});

describe('Sign-in: SCIM provisioning', () => {
  it('shows the base URL with a copy button, generates a token shown once in a dialog, and rotates and revokes behind a confirmation, by keyboard', async () => {
    const user = userEvent.setup();
    render(<ScimSection orgId="acme" company="Acme Corporation" />);
    expect(await screen.findByRole('heading', { name: 'SCIM provisioning', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText(BASE_URL)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the SCIM base URL' })).toBeInTheDocument();
    expect(screen.getByText('No token: the directory cannot provision anyone.')).toBeInTheDocument();

    screen.getByRole('button', { name: 'Generate token' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New SCIM token' });
    expect(within(dialog).getByTestId('scim-token')).toHaveTextContent(TOKEN);
    expect(within(dialog).getByRole('button', { name: 'Copy the SCIM token' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done, I have kept it' }));
    expect(screen.queryByText(TOKEN)).not.toBeInTheDocument();
    expect(screen.getByText(/Ending in/)).toHaveTextContent(`Ending in …${inForce.hint}, generated`);

    await user.click(screen.getByRole('button', { name: 'Rotate token' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Replace the SCIM token?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((item) => item.event === 'issueScimToken')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Revoke token' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Revoke the SCIM token?' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No token: the directory cannot provision anyone.')).toBeInTheDocument();
    expect(toasts).toEqual(['The SCIM token was revoked: the directory’s requests are refused from now on.']);
    expect(calls.map((item) => item.event)).toEqual(['getScimSettings', 'issueScimToken', 'revokeScimToken', 'getScimSettings']);
  }, 20_000);
});
