import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationSettings } from '../../../shared/protocol/admin-schemas';
import type { DomainSummary } from '../../../shared/protocol/domain-schemas';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';

vi.mock('../../api', () => import('./call-double'));
vi.mock('../../ui/toast', () => import('./call-double'));
const { calls, replies, resetCalls, toasts } = await import('./call-double');

const { SignInSection } = await import('./sign-in-section');

const SETTINGS: OrganizationSettings = { orgId: 'acme', company: 'Acme Corporation', logoUrl: null, secondFactor: 'none', allowTrustedDevices: true, allowedIpRanges: [], yourAddress: null, plan: ['pms'], language: null };
const RECORD = { name: '_suite-portal-verification.acme.example', value: 'suite-portal-verification=Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3Jh' };

const pendingDomain = (overrides: Partial<DomainSummary> = {}): DomainSummary => ({
  domain: 'acme.example',
  displayName: 'acme.example',
  status: 'pending',
  record: RECORD,
  verifiedAt: null,
  lastCheckedAt: null,
  lastFailure: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

let domains: DomainSummary[] = [];
beforeEach(() => {
  resetCalls();
  domains = [];
  replies.set('getOrganizationDomains', () => ({ list: domains }));
  replies.set('getScimSettings', () => ({ baseUrl: 'https://portal.example/scim/v2/acme', token: null }));
});

const renderPage = () => render(<SignInSection orgId="acme" settings={SETTINGS} onSettingsChange={() => undefined} />);

describe('Sign-in: verified domains', () => {
  it('checks the domain as typed before sending it, shows the server’s refusal under the field, and adds a good one with its TXT record', async () => {
    const user = userEvent.setup();
    replies.set('claimDomain', (payload) => {
      const { domain } = payload as { domain: string };
      if (domain === 'co.uk') throw new CallError(ERROR_CODES.BAD_REQUEST, 'co.uk is a public suffix, shared by many owners: claim your own domain under it (such as yourcompany.co.uk).', { fields: ['domain'] });
      domains = [pendingDomain()];
      return { domain: domains[0] };
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Verified domains', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('No domains yet.')).toBeInTheDocument();
    const field = screen.getByLabelText('Domain');

    await user.type(field, 'https://acme.example/');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText(/^Enter a domain name such as example\.com/)).toBeInTheDocument();
    expect(calls.filter((item) => item.event === 'claimDomain')).toEqual([]);

    await user.clear(field);
    await user.type(field, 'co.uk');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText(/^co\.uk is a public suffix/)).toBeInTheDocument();
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, 'Acme.Example{enter}');
    const card = (await screen.findByRole('heading', { name: /^acme\.example/, level: 3 })).closest('li')!;
    expect(calls.filter((item) => item.event === 'claimDomain').at(-1)?.payload).toEqual({ orgId: 'acme', domain: 'acme.example' });
    expect(toasts).toContain('acme.example added: publish its TXT record, then check it.');
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(within(card).getByText(RECORD.name)).toBeInTheDocument();
    expect(within(card).getByText(RECORD.value)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy name of the record for acme.example' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy value of the record for acme.example' })).toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it('says in plain words why a check failed, and shows the domain verified once it passes', async () => {
    const user = userEvent.setup();
    domains = [pendingDomain()];
    let published = false;
    replies.set('verifyDomain', () => {
      if (!published) {
        domains = [pendingDomain({ lastFailure: 'record-not-found', lastCheckedAt: '2026-03-01T10:05:00.000Z' })];
        throw new CallError(ERROR_CODES.CONFLICT, 'No TXT record was found.');
      }
      domains = [pendingDomain({ status: 'verified', verifiedAt: '2026-03-01T10:10:00.000Z', lastCheckedAt: '2026-03-01T10:10:00.000Z' })];
      return { domain: domains[0] };
    });
    renderPage();
    expect(await screen.findByText('Not checked yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check now: acme.example' }));
    expect(await screen.findByText('Last check failed')).toBeInTheDocument();
    expect(screen.getByText(/No TXT record was found at _suite-portal-verification\.acme\.example\. Publish it at your DNS provider/)).toBeInTheDocument();

    published = true;
    await user.click(screen.getByRole('button', { name: 'Check now: acme.example' }));
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(toasts).toContain('acme.example is verified.');
    // A verified domain has nothing left to publish or check.
    expect(screen.queryByRole('button', { name: /^Check now/ })).toBeNull();
    expect(screen.queryByText(RECORD.value)).toBeNull();
  });

  it('removes a domain only after the confirmation', async () => {
    const user = userEvent.setup();
    domains = [pendingDomain({ status: 'verified', verifiedAt: '2026-03-01T10:10:00.000Z' })];
    replies.set('removeDomain', () => {
      domains = [];
      return { success: true };
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove acme.example' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove acme.example?' });
    expect(dialog).toHaveTextContent('another organization could verify it');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((item) => item.event === 'removeDomain')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove acme.example' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remove acme.example?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByText('No domains yet.')).toBeInTheDocument());
    expect(calls.find((item) => item.event === 'removeDomain')?.payload).toEqual({ orgId: 'acme', domain: 'acme.example' });
    expect(toasts).toContain('acme.example was removed.');
  });
});
