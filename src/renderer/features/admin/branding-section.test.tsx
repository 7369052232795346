import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationSettings } from '../../../shared/protocol/admin-schemas';

vi.mock('../../api', () => import('./call-double'));
vi.mock('../../ui/toast', () => import('./call-double'));
const { calls, replies, toasts } = await import('./call-double');

const { BrandingSection } = await import('./branding-section');

const IMAGE_ID = '00000000-0000-4000-8000-0000000000aa';
const SETTINGS: OrganizationSettings = { orgId: 'acme', company: 'Acme Corporation', logoUrl: '/images/00000000-0000-4000-8000-0000000000bb', secondFactor: 'none', allowTrustedDevices: true, allowedIpRanges: [], yourAddress: null, plan: ['pms'], language: null };
const uploads: Request[] = [];

beforeEach(() => {
  calls.length = 0;
  toasts.length = 0;
  uploads.length = 0;
  replies.clear();
  replies.set('updateBranding', (payload) => ({ settings: { ...SETTINGS, company: (payload as { company: string }).company, logoUrl: `/images/${IMAGE_ID}` } }));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    uploads.push(new Request(url, init));
    return new Response(JSON.stringify({ data: { imageId: IMAGE_ID }, error: null, code: 200 }));
  });
});

describe('Branding', () => {
  it('uploads a new logo, then attaches it by id with the company name', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onSettingsChange = vi.fn();
    render(<BrandingSection orgId="acme" settings={SETTINGS} onSettingsChange={onSettingsChange} />);
    expect(screen.getByRole('img', { name: 'Logo of Acme Corporation' })).toHaveAttribute('src', `${window.location.origin}/images/00000000-0000-4000-8000-0000000000bb`);
    await user.clear(screen.getByLabelText('Company Name'));
    await user.type(screen.getByLabelText('Company Name'), 'Acme Ltd');
    await user.upload(screen.getByLabelText('New logo (PNG, JPEG, GIF or WebP)', { selector: 'input' }), new File([new Uint8Array(8)], 'logo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSettingsChange).toHaveBeenCalled());
    expect(uploads.map((request) => [request.method, new URL(request.url).pathname])).toEqual([['POST', '/uploads/images']]);
    expect(calls.find((item) => item.event === 'updateBranding')?.payload).toEqual({ orgId: 'acme', company: 'Acme Ltd', logo: { imageId: IMAGE_ID } });
    expect(toasts).toEqual(['Company name and logo saved.']);
  });

  it("refuses an SVG with the kit's message and an empty name with the spec's", async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<BrandingSection orgId="acme" settings={SETTINGS} onSettingsChange={() => undefined} />);
    await user.upload(screen.getByLabelText('New logo (PNG, JPEG, GIF or WebP)', { selector: 'input' }), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unsupported File.');
    await user.clear(screen.getByLabelText('Company Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required*')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('removes the logo after asking', async () => {
    const user = userEvent.setup();
    render(<BrandingSection orgId="acme" settings={SETTINGS} onSettingsChange={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the logo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(toasts).toEqual(['Logo removed.']));
    expect(calls[0]?.payload).toEqual({ orgId: 'acme', company: 'Acme Corporation', logo: null });
  });
});
