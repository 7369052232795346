import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationSettings } from '../../../shared/protocol/admin-schemas';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';

vi.mock('../../api', () => import('./call-double'));
vi.mock('../../ui/toast', () => import('./call-double'));
const { calls, replies, toasts } = await import('./call-double');

const { SecuritySection } = await import('./security-section');
const { addressAllowed, parseRangeLines } = await import('./ip-ranges');

const SETTINGS: OrganizationSettings = {
  orgId: 'acme',
  company: 'Acme Corporation',
  logoUrl: null,
  secondFactor: 'none', allowTrustedDevices: true,
  allowedIpRanges: ['10.0.0.0/8'],
  yourAddress: '203.0.113.5',
  plan: ['hrms', 'pms'],
  language: null,
};

beforeEach(() => {
  calls.length = 0;
  toasts.length = 0;
  replies.clear();
  replies.set('updateIpRanges', (payload) => ({ settings: { ...SETTINGS, allowedIpRanges: (payload as { allowedIpRanges: string[] }).allowedIpRanges } }));
});

const renderSecurity = (settings: Partial<OrganizationSettings> = {}) => {
  const onSettingsChange = vi.fn();
  render(<SecuritySection orgId="acme" settings={{ ...SETTINGS, ...settings }} onSettingsChange={onSettingsChange} />);
  return onSettingsChange;
};

describe('IP ranges', () => {
  it('checks each line with the contract’s rule, writes it in normal form, and tells the admin’s address in or out as the server does', () => {
    expect(parseRangeLines('10.1.2.3/8\n\n2001:db8::1/32')).toEqual({ ok: true, ranges: ['10.0.0.0/8', '2001:db8::/32'] });
    expect(parseRangeLines('10.0.0.0/8\nnonsense\n10.9.9.9/8')).toEqual({
      ok: false,
      problems: ['Line 2 (nonsense): IP range must be valid. Write a range such as 203.0.113.0/24 or 2001:db8::/32.', 'Line 3: 10.0.0.0/8 is listed twice (also line 1).'],
    });
    expect(addressAllowed('203.0.113.5', [])).toBe(true);
    expect(addressAllowed('203.0.113.5', ['203.0.113.0/24'])).toBe(true);
    expect(addressAllowed('::ffff:203.0.113.5', ['203.0.113.0/24'])).toBe(true);
    expect(addressAllowed('203.0.113.5', ['10.0.0.0/8', '2001:db8::/32'])).toBe(false);
    expect(addressAllowed(null, ['10.0.0.0/8'])).toBe(false);
  });

  it('shows the current address, warns while the ranges leave it outside, and sends them only after the confirmation', async () => {
    const user = userEvent.setup();
    const onSettingsChange = renderSecurity();
    expect(screen.getByTestId('your-address')).toHaveTextContent('Your current address: 203.0.113.5');
    const box = screen.getByLabelText('Ranges, one per line');
    // The saved range already leaves this address out: said at once, beside the box.
    expect(box).toHaveAccessibleDescription(expect.stringContaining('Your current address, 203.0.113.5, is outside these ranges'));
    await user.clear(box);
    await user.type(box, '203.0.113.0/24');
    expect(box).not.toHaveAccessibleDescription(expect.stringContaining('is outside these ranges'));
    await user.type(box, '{enter}10.0.0.0/8');
    await user.clear(box);
    await user.type(box, '10.0.0.0/8');
    await user.click(screen.getByRole('button', { name: 'Save IP ranges' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave your own address outside?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('you cannot reach Acme Corporation from here, this console included'));
    expect(calls.filter((item) => item.event === 'updateIpRanges')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onSettingsChange).toHaveBeenCalled());
    expect(calls.find((item) => item.event === 'updateIpRanges')?.payload).toEqual({ orgId: 'acme', allowedIpRanges: ['10.0.0.0/8'], confirmOwnAddressOutside: true });
  });

  it('sends ranges that hold the address without asking, and lists bad lines by number, sending nothing', async () => {
    const user = userEvent.setup();
    renderSecurity();
    const box = screen.getByLabelText('Ranges, one per line');
    await user.clear(box);
    await user.type(box, '203.0.113.0/24{enter}300.1.1.1/8');
    await user.click(screen.getByRole('button', { name: 'Save IP ranges' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was saved. Fix 1 line:Line 2 (300.1.1.1/8): IP range must be valid.');
    expect(calls).toEqual([]);
    await user.clear(box);
    await user.type(box, '203.0.113.9/24');
    await user.click(screen.getByRole('button', { name: 'Save IP ranges' }));
    await waitFor(() => expect(toasts).toEqual(['IP ranges saved: 1 range.']));
    expect(calls[0]?.payload).toEqual({ orgId: 'acme', allowedIpRanges: ['203.0.113.0/24'], confirmOwnAddressOutside: false });
    expect(box).toHaveValue('203.0.113.0/24');
  });

  it('asks too when the server sees the address outside (a proxy between), with its words', async () => {
    const user = userEvent.setup();
    replies.set('updateIpRanges', (payload) => {
      if (!(payload as { confirmOwnAddressOutside: boolean }).confirmOwnAddressOutside) throw new CallError(ERROR_CODES.CONFLICT, 'Your address 198.51.100.7 would be outside these ranges.');
      return { settings: SETTINGS };
    });
    renderSecurity({ allowedIpRanges: [] });
    await user.type(screen.getByLabelText('Ranges, one per line'), '203.0.113.0/24');
    await user.click(screen.getByRole('button', { name: 'Save IP ranges' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave your own address outside?' });
    expect(dialog).toHaveAccessibleDescription('Your address 198.51.100.7 would be outside these ranges.');
  });
});

describe('Second-factor policy', () => {
  it('saves the chosen factor through the confirm dialog, applying it to the whole company at once when ticked', async () => {
    const user = userEvent.setup();
    replies.set('updateSecondFactorPolicy', () => ({ settings: { ...SETTINGS, secondFactor: 'authenticator' }, endedSessions: 12 }));
    const onSettingsChange = renderSecurity();
    const save = screen.getByRole('button', { name: 'Save second factor' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Authenticator app' }));
    await user.click(save);
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the second-factor policy?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Ticked, every member but you is signed out now, so it applies at once.'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'apply the change for all the company' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSettingsChange).toHaveBeenCalledWith({ ...SETTINGS, secondFactor: 'authenticator' }));
    expect(calls.find((item) => item.event === 'updateSecondFactorPolicy')?.payload).toEqual({ orgId: 'acme', secondFactor: 'authenticator', allowTrustedDevices: true, applyToCompany: true });
    expect(toasts).toEqual(['Second-factor policy saved; 12 sessions signed out, so it applies now.']);
  });
});
