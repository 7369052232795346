import { describe, expect, it } from 'vitest';
import { accessibleProducts, defaultProduct, hasProductAccess, PRODUCT_KEYS, productUrl, toPlanAccess, type AccessSubject } from './products';

const everything = toPlanAccess(Object.fromEntries(PRODUCT_KEYS.map((key) => [key, true])));

describe('effective product access (spec section 3: plan AND (admin OR productAccess))', () => {
  it('gives an admin every product of the plan, and nothing outside it', () => {
    const admin: AccessSubject = { role: 'admin', planAccess: toPlanAccess({ hrms: true, pms: true, survey: true }), productAccess: [] };
    expect(accessibleProducts(admin)).toEqual(['hrms', 'pms', 'survey']);
  });

  it('gives a member only what both the plan and their product access grant', () => {
    const member: AccessSubject = { role: 'member', planAccess: toPlanAccess({ hrms: true, chat: true }), productAccess: ['chat', 'payroll'] };
    expect(accessibleProducts(member)).toEqual(['chat']);
  });

  it('keeps Survey for admins even when a member has it in product access', () => {
    expect(hasProductAccess({ role: 'member', planAccess: everything, productAccess: ['survey'] }, 'survey')).toBe(false);
    expect(hasProductAccess({ role: 'admin', planAccess: everything, productAccess: [] }, 'survey')).toBe(true);
  });

  it('shows clients only Project', () => {
    const client: AccessSubject = { role: 'client', planAccess: everything, productAccess: [...PRODUCT_KEYS] };
    expect(accessibleProducts(client)).toEqual(['pms']);
    expect(accessibleProducts({ ...client, productAccess: [] })).toEqual([]);
  });

  it('treats a product missing from the plan as not granted', () => {
    expect(toPlanAccess({ hrms: true }).payroll.default.access).toBe(false);
  });
});

describe('defaults and product URLs', () => {
  it('defaults to Project for clients and HR otherwise, chat and Project in the desktop apps', () => {
    expect(defaultProduct('client')).toBe('pms');
    expect(defaultProduct('member')).toBe('hrms');
    expect(defaultProduct('admin', 'chat')).toBe('chat');
    expect(defaultProduct('member', 'track')).toBe('pms');
  });

  it('enters a product at {host}/{orgId}, HR at /{orgId}/dashboard', () => {
    expect(productUrl('https://hr.example.com/', 'hrms', 'acme')).toBe('https://hr.example.com/acme/dashboard');
    expect(productUrl('https://pm.example.com', 'pms', 'acme')).toBe('https://pm.example.com/acme');
  });
});
