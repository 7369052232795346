import { expect, it } from 'vitest';
import type { Organization } from '../../src/shared/protocol';
import { accessibleProducts, PRODUCT_KEYS, toPlanAccess } from '../../src/shared/products';
import { EMAILS, PASSWORDS, PLANS, TEST_SEED } from './fixtures/seed';
import { describeEngines, signIn, useTestServer, type TestServer } from './harness';

const NO_ACCESS = 'You do not have access to this organization.';

/** The workspace list as a signed-in client receives it. */
async function workspaceOf(app: TestServer, email: string, password: string) {
  const token = await signIn(app, email, password);
  const client = await app.connect({ token });
  const reply = await client.call('getWorkspaceList', { requirePlanDetails: true });
  const byOrg = (orgId: string): Organization => {
    const org = reply.list.find((item) => item.orgId === orgId);
    if (!org) throw new Error(`${email} has no ${orgId} in ${JSON.stringify(reply.list.map((item) => item.orgId))}`);
    return org;
  };
  return { client, token, reply, byOrg };
}

describeEngines('workspace', (engine) => {
  const app = useTestServer(engine, TEST_SEED);

  it('lists the admin every reachable organization with role, plan and product access as seeded', async () => {
    const { reply, byOrg } = await workspaceOf(app(), EMAILS.admin, PASSWORDS.admin);
    // Gamma only admits 192.0.2.0/24; delta admits 127.0.0.0/8.
    expect(reply.list.map((org) => org.orgId)).toEqual(['alpha', 'beta', 'delta']);
    // Nothing chosen yet: the first reachable organization, as authenticate says.
    expect(reply.activeOrgId).toBe('alpha');

    expect(byOrg('alpha')).toEqual({
      _id: expect.any(String),
      orgId: 'alpha',
      company: 'Alpha Works',
      logoURL: '/logos/alpha.svg',
      role: 'admin',
      planAccess: toPlanAccess(PLANS.alpha),
      productAccess: [],
      isAdmin: true,
      isCompanyMFA: false,
      verified: true,
    });
    expect(byOrg('beta')).toMatchObject({ role: 'member', isAdmin: false, logoURL: null, isCompanyMFA: false, productAccess: ['hrms', 'survey'] });
    expect(byOrg('beta').planAccess).toEqual(toPlanAccess(PLANS.beta));
    expect(byOrg('delta')).toMatchObject({ role: 'member', isAdmin: false, productAccess: ['chat'], planAccess: toPlanAccess(PLANS.delta) });

    // What the workspace screen opens from that: every planned product for the admin, survey included;
    // plan ∩ productAccess for a member, and never survey.
    expect(accessibleProducts(byOrg('alpha'))).toEqual([...PRODUCT_KEYS]);
    expect(accessibleProducts(byOrg('beta'))).toEqual(['hrms']);
    expect(accessibleProducts(byOrg('delta'))).toEqual(['chat']);
  });

  it('gives a member only plan ∩ productAccess', async () => {
    const { reply, byOrg } = await workspaceOf(app(), EMAILS.member, PASSWORDS.member);
    expect(reply.list.map((org) => org.orgId)).toEqual(['alpha', 'beta']);
    expect(byOrg('alpha')).toMatchObject({ role: 'member', isAdmin: false, productAccess: ['hrms', 'pms', 'payroll'] });
    expect(accessibleProducts(byOrg('alpha'))).toEqual(['hrms', 'pms', 'payroll']);
    // Recruit is granted to the member but not in beta's plan.
    expect(byOrg('beta').productAccess).toEqual(['chat', 'recruit']);
    expect(byOrg('beta').planAccess.recruit.default.access).toBe(false);
    expect(accessibleProducts(byOrg('beta'))).toEqual(['chat']);
  });

  it('refuses survey to a member even when productAccess and the plan grant it', async () => {
    const { byOrg } = await workspaceOf(app(), EMAILS.surveyor, PASSWORDS.surveyor);
    expect(byOrg('alpha')).toMatchObject({ role: 'member', isAdmin: false, productAccess: ['survey', 'hrms'] });
    expect(byOrg('alpha').planAccess.survey.default.access).toBe(true);
    expect(accessibleProducts(byOrg('alpha'))).toEqual(['hrms']);
  });

  it('gives a client the project product only, and nothing without product access', async () => {
    const { reply, byOrg } = await workspaceOf(app(), EMAILS.client, PASSWORDS.client);
    expect(reply.list.map((org) => org.orgId)).toEqual(['alpha', 'delta']);
    expect(byOrg('alpha')).toMatchObject({ role: 'client', isAdmin: false, productAccess: ['pms'] });
    expect(accessibleProducts(byOrg('alpha'))).toEqual(['pms']);
    // Chat is in delta's plan and in the client's productAccess, but no client sees the Chat tile.
    expect(byOrg('delta').productAccess).toEqual(['pms', 'chat']);
    expect(accessibleProducts(byOrg('delta'))).toEqual(['pms']);

    const none = await workspaceOf(app(), EMAILS.noAccess, PASSWORDS.noAccess);
    expect(none.byOrg('alpha')).toMatchObject({ role: 'client', productAccess: [] });
    expect(accessibleProducts(none.byOrg('alpha'))).toEqual([]);
  });

  it('records the chosen organization: activeOrgId in the list and in the session', async () => {
    const { client, token, reply } = await workspaceOf(app(), EMAILS.member, PASSWORDS.member);
    expect(reply.activeOrgId).toBe('alpha');
    await expect(client.call('authenticate', { token })).resolves.toMatchObject({
      activeOrgId: 'alpha',
      productAccess: ['hrms', 'pms', 'payroll'],
    });

    await expect(client.call('loginEmail', { email: EMAILS.member.toUpperCase(), orgId: 'beta' })).resolves.toEqual({ success: true, orgId: 'beta' });
    await expect(client.call('getWorkspaceList', {})).resolves.toMatchObject({ activeOrgId: 'beta' });
    const session = await client.call('authenticate', { token });
    expect(session).toMatchObject({ activeOrgId: 'beta', isAdmin: false, productAccess: ['chat', 'recruit'], isCompanyMFA: false });
    expect(session.planAccess).toEqual(toPlanAccess(PLANS.beta));

    // It holds for a new sign-in too.
    const again = await workspaceOf(app(), EMAILS.member, PASSWORDS.member);
    expect(again.reply.activeOrgId).toBe('beta');
  });

  it('refuses loginEmail with an email other than the signed-in one', async () => {
    const { client } = await workspaceOf(app(), EMAILS.client, PASSWORDS.client);
    await expect(client.call('loginEmail', { email: EMAILS.admin, orgId: 'alpha' })).rejects.toMatchObject({
      code: 403,
      message: 'This email does not belong to the signed-in account.',
    });
    await expect(client.call('getWorkspaceList', {})).resolves.toMatchObject({ activeOrgId: 'alpha' });
  });

  it('refuses loginEmail to an organization out of reach, with one message for every reason', async () => {
    const admin = await workspaceOf(app(), EMAILS.admin, PASSWORDS.admin);
    const client = await workspaceOf(app(), EMAILS.client, PASSWORDS.client);
    const refused = { code: 403, message: NO_ACCESS };
    // A member of gamma, but 127.0.0.1 is outside its ranges.
    await expect(admin.client.call('loginEmail', { email: EMAILS.admin, orgId: 'gamma' })).rejects.toMatchObject(refused);
    // Not a member of beta.
    await expect(client.client.call('loginEmail', { email: EMAILS.client, orgId: 'beta' })).rejects.toMatchObject(refused);
    // No such organization.
    await expect(client.client.call('loginEmail', { email: EMAILS.client, orgId: 'nowhere' })).rejects.toMatchObject(refused);
    // Nothing was recorded: still the first reachable one, never gamma.
    await expect(admin.client.call('getWorkspaceList', {})).resolves.toMatchObject({ activeOrgId: 'alpha' });
    await expect(admin.client.call('authenticate', { token: admin.token })).resolves.toMatchObject({ activeOrgId: 'alpha' });
  });

  it('answers one active organization in authenticate and getWorkspaceList, for every user, before and after a choice', async () => {
    for (const who of ['admin', 'member', 'surveyor', 'client'] as const) {
      const { client, token, reply } = await workspaceOf(app(), EMAILS[who], PASSWORDS[who]);
      const session = await client.call('authenticate', { token });
      expect({ who, list: reply.activeOrgId }).toEqual({ who, list: session.activeOrgId });
      expect(reply.activeOrgId).not.toBeNull();
    }
    const { client, token, reply } = await workspaceOf(app(), EMAILS.client, PASSWORDS.client);
    const other = reply.list.find((org) => org.orgId !== reply.activeOrgId)!.orgId;
    await client.call('loginEmail', { email: EMAILS.client, orgId: other });
    await expect(client.call('getWorkspaceList', {})).resolves.toMatchObject({ activeOrgId: other });
    await expect(client.call('authenticate', { token })).resolves.toMatchObject({ activeOrgId: other });
  });

  it('refuses the list and loginEmail without a token', async () => {
    const client = await app().connect();
    await expect(client.call('getWorkspaceList', {})).rejects.toMatchObject({ code: 401 });
    await expect(client.call('loginEmail', { email: EMAILS.admin, orgId: 'alpha' })).rejects.toMatchObject({ code: 401 });
  });

  it('gives company details of a known organization and 404 for an unknown one', async () => {
    const client = await app().connect();
    await expect(client.call('getCompanyDetails', { orgId: 'alpha' })).resolves.toEqual({ company: 'Alpha Works', companyLogo: '/logos/alpha.svg', language: null });
    await expect(client.call('getCompanyDetails', { orgId: 'beta' })).resolves.toEqual({ company: 'Beta Labs', companyLogo: null, language: null });
    await expect(client.call('getCompanyDetails', { orgId: 'nowhere' })).rejects.toMatchObject({ code: 404 });
  });
});
