import { describe, expect, it } from 'vitest';
import { PRODUCT_KEYS, toPlanAccess, type ProductKey, type Role } from '../../../shared/products';
import type { Organization } from '../../../shared/protocol';
import { accessibleChoices, decideLanding, initialOrgId, initialProduct, isClientOnly, productHost } from './workspace-logic';

const FULL_PLAN = toPlanAccess(Object.fromEntries(PRODUCT_KEYS.map((key) => [key, true])));

function org(orgId: string, role: Role, overrides: Partial<Organization> = {}): Organization {
  return {
    _id: `id-${orgId}`,
    orgId,
    company: `Company ${orgId}`,
    logoURL: null,
    role,
    planAccess: FULL_PLAN,
    productAccess: [...PRODUCT_KEYS],
    isAdmin: role === 'admin',
    isCompanyMFA: false,
    ...overrides,
  };
}

const products = (organization: Organization) => accessibleChoices([organization]).map((choice) => choice.product);

describe('product tiles per organization', () => {
  it('shows an admin every product the plan grants, Survey included', () => {
    expect(products(org('a', 'admin', { productAccess: [] }))).toEqual([...PRODUCT_KEYS]);
  });

  it('never shows Survey to a member, even with plan and product access', () => {
    expect(products(org('m', 'member'))).toEqual(['hrms', 'chat', 'pms', 'payroll', 'recruit', 'assets', 'performance']);
  });

  it('shows a member only products both the plan and their product access grant', () => {
    const member = org('m', 'member', { planAccess: toPlanAccess({ hrms: true, chat: true, pms: true }), productAccess: ['chat', 'pms', 'payroll'] });
    expect(products(member)).toEqual(['chat', 'pms']);
  });

  it('shows a client only Project', () => {
    expect(products(org('c', 'client'))).toEqual(['pms']);
    expect(products(org('c', 'client', { productAccess: ['hrms', 'chat'] }))).toEqual([]);
  });

  it('hides a product the plan does not grant, even from an admin', () => {
    expect(products(org('a', 'admin', { planAccess: toPlanAccess({ survey: true }) }))).toEqual(['survey']);
  });
});

describe('decideLanding', () => {
  const onlyChat = org('solo', 'member', { productAccess: ['chat'] });
  const nothing = org('none', 'member', { productAccess: [] });

  it('goes straight to the one accessible pair across the whole list', () => {
    expect(decideLanding([onlyChat, nothing], null)).toEqual({ kind: 'open-product', choice: { orgId: 'solo', product: 'chat' } });
    expect(decideLanding([onlyChat], '/invite/abc')).toEqual({ kind: 'open-product', choice: { orgId: 'solo', product: 'chat' } });
  });

  it('goes to a stored previous URL for a user who is not only a client', () => {
    expect(decideLanding([org('a', 'admin'), org('c', 'client')], '/invite/abc')).toEqual({ kind: 'previous-url', path: '/invite/abc' });
  });

  it('ignores the previous URL for a client', () => {
    expect(decideLanding([org('c1', 'client'), org('c2', 'client')], '/invite/abc')).toEqual({ kind: 'select' });
  });

  it('ignores an unsafe previous URL', () => {
    expect(decideLanding([org('a', 'admin')], 'https://evil')).toEqual({ kind: 'select' });
    expect(decideLanding([org('a', 'admin')], '//evil')).toEqual({ kind: 'select' });
  });

  it('shows the selection when there are several choices, and Oops without organizations', () => {
    expect(decideLanding([org('a', 'admin')], null)).toEqual({ kind: 'select' });
    expect(decideLanding([], null)).toEqual({ kind: 'no-organization' });
  });

  it('shows the selection when no organization has any product (the screen says so)', () => {
    expect(decideLanding([nothing], null)).toEqual({ kind: 'select' });
  });

  it('counts only clients as clients', () => {
    expect(isClientOnly([org('c', 'client')])).toBe(true);
    expect(isClientOnly([org('c', 'client'), org('m', 'member')])).toBe(false);
    expect(isClientOnly([])).toBe(false);
  });
});

describe('initial selection', () => {
  const list = [org('first', 'member'), org('active', 'admin'), org('third', 'client')];

  it('preselects the active organization, else the first', () => {
    expect(initialOrgId(list, 'active')).toBe('active');
    expect(initialOrgId(list, 'id-third')).toBe('third');
    expect(initialOrgId(list, 'gone')).toBe('first');
    expect(initialOrgId(list, null)).toBe('first');
    expect(initialOrgId([], 'active')).toBeNull();
  });

  it('defaults to HR for admins and members, Project for clients', () => {
    expect(initialProduct(org('a', 'admin'), 'web')).toBe<ProductKey>('hrms');
    expect(initialProduct(org('m', 'member'), 'web')).toBe<ProductKey>('hrms');
    expect(initialProduct(org('c', 'client'), 'web')).toBe<ProductKey>('pms');
  });

  it('defaults to Chat in the chat app and Project in the time-tracking app', () => {
    expect(initialProduct(org('m', 'member'), 'chat')).toBe<ProductKey>('chat');
    expect(initialProduct(org('m', 'member'), 'track')).toBe<ProductKey>('pms');
  });

  it('falls back to the first accessible product when the default is not accessible', () => {
    expect(initialProduct(org('m', 'member', { productAccess: ['payroll', 'assets'] }), 'web')).toBe<ProductKey>('payroll');
    expect(initialProduct(org('m', 'member', { productAccess: [] }), 'web')).toBeNull();
  });
});

describe('productHost', () => {
  const config = { productUrls: { ...Object.fromEntries(PRODUCT_KEYS.map((key) => [key, `https://${key}.example.com`])) } as Record<ProductKey, string>, trackUrl: 'https://track.example.com' };

  it('opens Project on the time-tracking host only in the time-tracking app', () => {
    expect(productHost(config, 'pms', 'track')).toBe('https://track.example.com');
    expect(productHost(config, 'pms', 'web')).toBe('https://pms.example.com');
    expect(productHost(config, 'hrms', 'track')).toBe('https://hrms.example.com');
  });
});
