import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCT_KEYS, toPlanAccess } from '../../../shared/products';
import type { Organization } from '../../../shared/protocol';
import { WorkspaceSelection } from './workspace-selection';

const ALL = Object.fromEntries(PRODUCT_KEYS.map((key) => [key, true]));
const org = (orgId: string, company: string, role: Organization['role'], productAccess: Organization['productAccess']): Organization => ({
  _id: `id-${orgId}`,
  orgId,
  company,
  logoURL: null,
  role,
  planAccess: toPlanAccess(ALL),
  productAccess,
  isAdmin: role === 'admin',
  isCompanyMFA: false,
});

const sentence = (product: string) => `You are a part of following organizations. Select the organization and ${product} product which you wish to access now.`;

describe('the workspace selection', () => {
  it('names the selected product in its sentence (spec: {product}), and follows the selection', async () => {
    const user = userEvent.setup();
    const onNext = vi.fn();
    const list = [org('acme', 'Acme Corporation', 'admin', []), org('globex', 'Globex Industries', 'client', ['pms'])];
    render(
      <MemoryRouter>
        <WorkspaceSelection list={list} activeOrgId="acme" busy={false} error={null} onNext={onNext} onReload={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('radio', { name: /./ }).filter((radio) => (radio as HTMLInputElement).name === 'product')).toHaveLength(8);
    expect(screen.getByText(sentence('HR'))).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Payroll' }));
    expect(screen.getByText(sentence('Payroll'))).toBeInTheDocument();
    expect(screen.queryByText(sentence('HR'))).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Applicant tracking' }));
    expect(screen.getByText(sentence('Applicant tracking'))).toBeInTheDocument();
    // Another organization: its own default product (Project for a client), and the sentence says so.
    await user.click(screen.getByRole('radio', { name: 'Globex Industries' }));
    expect(screen.getByText(sentence('Project'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith({ orgId: 'globex', product: 'pms' });
  });
});
