import { describe, expect, it } from 'vitest';
import { toPlanAccess, productUrl } from '../../../shared/products';
import type { Organization } from '../../../shared/protocol';
import { buildMenu, visibleEntries, type MenuContext } from './menu-items';

const ALL = { hrms: true, chat: true, pms: true, payroll: true, survey: true, recruit: true, assets: true, performance: true };
const org = (role: Organization['role'], productAccess: Organization['productAccess'] = [], plan: Partial<typeof ALL> = ALL): Organization => ({
  _id: 'o1',
  orgId: 'acme',
  company: 'Acme',
  logoURL: null,
  role,
  planAccess: toPlanAccess(plan),
  productAccess,
  isAdmin: role === 'admin',
  isCompanyMFA: false,
});

const context = (overrides: Partial<MenuContext> = {}): MenuContext => ({
  signedIn: true,
  deviceKind: 'web',
  flavor: 'web',
  organization: org('admin'),
  administers: true,
  productUrl: (product, orgId) => productUrl(`https://${product}.example.com`, product, orgId),
  version: '1.4.0',
  updateVersion: null,
  links: { helpVideoUrl: null, documentsUrl: null, support: null },
  themeChoice: 'system',
  ...overrides,
});

const names = (ctx: MenuContext) => visibleEntries(buildMenu(ctx)).map((item) => item.name);
const products = (ctx: MenuContext) => visibleEntries(buildMenu(ctx)).find((item) => item.id === 'products')?.inner.map((item) => item.name) ?? [];

describe('the menu', () => {
  it('has the fields of spec section 1 on every entry', () => {
    for (const item of buildMenu(context())) {
      expect(Object.keys(item)).toEqual(expect.arrayContaining(['name', 'route', 'isAccess', 'badges', 'beta', 'inner']));
    }
  });

  it('lists the products the role and plan open in the active organization, each at its product URL', () => {
    expect(products(context())).toEqual(['HR', 'Chat', 'Project', 'Payroll', 'Survey', 'Applicant tracking', 'Assets', 'Performance']);
    expect(products(context({ organization: org('member', ['hrms', 'chat', 'pms', 'survey']) }))).toEqual(['HR', 'Chat', 'Project']);
    expect(products(context({ organization: org('client', ['pms', 'hrms']) }))).toEqual(['Project']);
    expect(products(context({ organization: org('admin', [], { hrms: true, pms: true }) }))).toEqual(['HR', 'Project']);
    const hr = buildMenu(context()).find((item) => item.id === 'products')!.inner[0]!;
    expect(hr.route).toBe('https://hrms.example.com/acme/dashboard');
    expect(hr.action).toEqual({ kind: 'product', product: 'hrms', orgId: 'acme' });
  });

  it('shows no products signed out, without an organization, or when the organization opens none', () => {
    expect(names(context({ signedIn: false }))).not.toContain('Acme products');
    expect(names(context({ organization: null }))).not.toContain('Products');
    expect(names(context({ organization: org('member', []) }))).not.toContain('Acme products');
  });

  it('offers Download App in a browser only, Shortcuts with a keyboard, and the app version on mobile', () => {
    const signedIn = ['Acme products', 'Admin console', 'Security'];
    expect(names(context())).toEqual([...signedIn, 'New Release', 'Download App', 'Light/Dark', 'Troubleshooting', 'Shortcuts']);
    expect(names(context({ deviceKind: 'desktop', flavor: 'chat' }))).toEqual([...signedIn, 'New Release', 'Light/Dark', 'Troubleshooting', 'Shortcuts']);
    expect(names(context({ deviceKind: 'mobile' }))).toEqual([...signedIn, 'New Release', 'Download App', 'Light/Dark', 'Troubleshooting', 'App version 1.4.0']);
  });

  it('offers the admin console to an administrator and the security center to everyone signed in, as portal screens', () => {
    const items = visibleEntries(buildMenu(context()));
    expect(items.find((item) => item.id === 'admin-console')).toMatchObject({ name: 'Admin console', route: '/admin', action: { kind: 'route' } });
    expect(items.find((item) => item.id === 'security')).toMatchObject({ name: 'Security', route: '/account', action: { kind: 'route' } });
    // A member or client who administers no organization: Security only.
    expect(names(context({ organization: org('member', ['hrms']), administers: false }))).toEqual(['Acme products', 'Security', 'New Release', 'Download App', 'Light/Dark', 'Troubleshooting', 'Shortcuts']);
    // An admin elsewhere, a member in the organization selected: the console still (it opens on the picker).
    expect(names(context({ organization: org('member', ['hrms']), administers: true }))).toContain('Admin console');
    // Signed out: neither.
    expect(names(context({ signedIn: false }))).not.toEqual(expect.arrayContaining(['Admin console']));
    expect(names(context({ signedIn: false }))).not.toContain('Security');
  });

  it('shows the help video, Documents and Support only when the deployment names them', () => {
    const links = { helpVideoUrl: 'https://videos.example.com/intro', documentsUrl: 'https://docs.example.com', support: { email: 'help@example.com' } };
    const items = visibleEntries(buildMenu(context({ links })));
    expect(items.map((item) => item.name)).toEqual(expect.arrayContaining(['Help Video', 'Documents', 'Support']));
    expect(items.find((item) => item.id === 'support')?.route).toBe('mailto:help@example.com');
    expect(items.find((item) => item.id === 'help-video')?.route).toBe('https://videos.example.com/intro');
  });

  it('carries the version, an available update, the beta flag and the theme in force', () => {
    const items = buildMenu(context({ updateVersion: '1.5.0', themeChoice: 'dark' }));
    expect(items.find((item) => item.id === 'new-release')?.badges).toEqual(['v1.4.0', 'v1.5.0 available']);
    expect(items.find((item) => item.id === 'troubleshooting')?.beta).toBe(true);
    expect(items.find((item) => item.id === 'theme')?.inner.map((item) => [item.name, item.checked])).toEqual([
      ['Light', false],
      ['Dark', true],
      ['Same as the system', false],
    ]);
  });
});
