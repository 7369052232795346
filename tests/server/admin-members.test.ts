import { beforeEach, expect, it } from 'vitest';
import { SESSION_ENDED_EVENT } from '../../src/shared/protocol';
import { codeIn, withCode } from '../mail/smtp-receiver';
import { adminSeed, auditOf, person, signedIn } from './fixtures/admin-seed';
import { describeEngines, useTestServerWithMail, resetLimits } from './harness';

// The admin console's members: the table, role and product-access changes within the plan and the roles' tiles, the
// last admin kept (also against two admins demoting each other at once), removal ending the person's sessions, the
// verification mail again; each change in the organization's audit with who made it.

const ADA = 'ada.admin@acme.test';
const seed = adminSeed({
  organizations: [
    { orgId: 'solo', company: 'Solo Works', plan: { hrms: true } },
    { orgId: 'duo', company: 'Duo Works', plan: { hrms: true } },
  ],
  users: [
    person(ADA, [{ orgId: 'acme', role: 'admin' }]),
    person('max.member@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms', 'chat'] }]),
    person('rita.roles@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms', 'chat', 'pms'] }]),
    person('cleo.client@acme.test', [{ orgId: 'acme', role: 'client', productAccess: ['pms'] }]),
    person('lea.leaver@acme.test', [
      { orgId: 'acme', role: 'member', productAccess: ['hrms'] },
      { orgId: 'rival', role: 'member', productAccess: ['hrms'] },
    ]),
    person('una.unverified@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms'] }], { verified: false }),
    person('sam.solo@solo.test', [{ orgId: 'solo', role: 'admin' }]),
    person('dana.one@duo.test', [{ orgId: 'duo', role: 'admin' }]),
    person('dan.two@duo.test', [{ orgId: 'duo', role: 'admin' }]),
  ],
});

describeEngines('admin console: members', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, seed);
  beforeEach(async () => {
    await resetLimits(app());
  });

  it('lists members and clients with role, access, second factor and last sign-in; searches, filters, sorts and pages', async () => {
    const ada = await signedIn(app(), ADA);
    const all = await ada.call('getOrganizationMembers', { orgId: 'acme', pageSize: 20 });
    expect(all.plan).toEqual(['hrms', 'chat', 'pms', 'survey']);
    expect(all.total).toBe(all.list.length);
    expect(all.list.find((member) => member.email === ADA)).toMatchObject({ name: 'Ada Admin', role: 'admin', you: true, verified: true, lastSignInAt: expect.any(String) });
    expect(all.list.find((member) => member.email === 'una.unverified@acme.test')).toMatchObject({
      role: 'member',
      productAccess: ['hrms'],
      verified: false,
      you: false,
      lastSignInAt: null,
      secondFactor: { email: false, authenticatorApp: false },
    });
    // Sorted by name by default.
    const names = all.list.map((member) => member.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    const found = await ada.call('getOrganizationMembers', { orgId: 'acme', search: 'CLEO' });
    expect(found.list.map((member) => member.email)).toEqual(['cleo.client@acme.test']);
    const clients = await ada.call('getOrganizationMembers', { orgId: 'acme', roles: ['client'] });
    expect(clients.list.map((member) => member.role)).toEqual(['client']);
    const byRole = await ada.call('getOrganizationMembers', { orgId: 'acme', sort: { role: 1 } });
    expect(byRole.list[0]!.role).toBe('admin');
    expect(byRole.list.at(-1)!.role).toBe('client');
    const page2 = await ada.call('getOrganizationMembers', { orgId: 'acme', pageSize: 20, page: 2 });
    expect(page2).toMatchObject({ list: [], total: all.total });
    // The console's page sizes only.
    expect((await ada.emit('getOrganizationMembers', { orgId: 'acme', pageSize: 25 })).code).toBe(400);
  });

  it('changes product access within the plan and the role\'s tiles, and refuses any other product by name', async () => {
    const ada = await signedIn(app(), ADA);
    const maxId = await app().userId('max.member@acme.test');
    const { member } = await ada.call('updateOrganizationMember', { orgId: 'acme', userId: maxId, productAccess: ['hrms', 'pms'] });
    expect(member).toMatchObject({ email: 'max.member@acme.test', role: 'member', productAccess: ['hrms', 'pms'] });

    const outsidePlan = await ada.emit('updateOrganizationMember', { orgId: 'acme', userId: maxId, productAccess: ['hrms', 'payroll'] });
    expect(outsidePlan).toMatchObject({ code: 400, error: "Payroll is not in Acme Console's plan.", data: { issues: [{ path: 'productAccess.1', message: "Payroll is not in Acme Console's plan." }] } });
    const surveyForMember = await ada.emit('updateOrganizationMember', { orgId: 'acme', userId: maxId, productAccess: ['survey'] });
    expect(surveyForMember).toMatchObject({ code: 400, error: 'Survey cannot be opened by a member: choose another product or role.' });
    const cleoId = await app().userId('cleo.client@acme.test');
    expect(await ada.emit('updateOrganizationMember', { orgId: 'acme', userId: cleoId, productAccess: ['pms', 'hrms'] })).toMatchObject({
      code: 400,
      error: 'HR cannot be opened by a client: choose another product or role.',
    });
    // Nothing was written by the refusals.
    const { list } = await ada.call('getOrganizationMembers', { orgId: 'acme', search: 'max.member' });
    expect(list[0]!.productAccess).toEqual(['hrms', 'pms']);

    // The member sees it at their next call.
    const max = await signedIn(app(), 'max.member@acme.test');
    const workspace = await max.call('getWorkspaceList', {});
    expect(workspace.list.find((org) => org.orgId === 'acme')).toMatchObject({ productAccess: ['hrms', 'pms'] });

    expect(await auditOf(ada, 'acme')).toContainEqual({ kind: 'member-access-changed', actor: 'Ada Admin (ada.admin@acme.test)', member: 'max.member@acme.test', detail: 'HR, Chat → HR, Project' });
  });

  it('changes a role: products the new role cannot open are dropped; the audit names who did it', async () => {
    const ada = await signedIn(app(), ADA);
    const ritaId = await app().userId('rita.roles@acme.test');
    const { member } = await ada.call('updateOrganizationMember', { orgId: 'acme', userId: ritaId, role: 'client' });
    expect(member).toMatchObject({ role: 'client', productAccess: ['pms'] });
    const promoted = await ada.call('updateOrganizationMember', { orgId: 'acme', userId: ritaId, role: 'admin', productAccess: ['survey'] });
    expect(promoted.member).toMatchObject({ role: 'admin', productAccess: ['survey'] });
    const audit = await auditOf(ada, 'acme');
    expect(audit).toContainEqual({ kind: 'member-role-changed', actor: 'Ada Admin (ada.admin@acme.test)', member: 'rita.roles@acme.test', detail: 'member → client' });
    expect(audit).toContainEqual({ kind: 'member-access-changed', actor: 'Ada Admin (ada.admin@acme.test)', member: 'rita.roles@acme.test', detail: 'HR, Chat, Project → Project' });
    expect(audit).toContainEqual({ kind: 'member-role-changed', actor: 'Ada Admin (ada.admin@acme.test)', member: 'rita.roles@acme.test', detail: 'client → admin' });
    // Someone who is not a member of the organization.
    const samId = await app().userId('sam.solo@solo.test');
    expect(await ada.emit('updateOrganizationMember', { orgId: 'acme', userId: samId, role: 'member' })).toMatchObject({ code: 404, error: 'This person is not a member of Acme Console.' });
  });

  it('never removes or demotes the last admin', async () => {
    const sam = await signedIn(app(), 'sam.solo@solo.test');
    const samId = await app().userId('sam.solo@solo.test');
    const last = { code: 409, error: 'Sam Solo is the last admin of Solo Works: make someone else an admin first.' };
    expect(await sam.emit('updateOrganizationMember', { orgId: 'solo', userId: samId, role: 'member' })).toMatchObject(last);
    expect(await sam.emit('removeOrganizationMember', { orgId: 'solo', userId: samId })).toMatchObject(last);
    const { list } = await sam.call('getOrganizationMembers', { orgId: 'solo' });
    expect(list).toEqual([expect.objectContaining({ email: 'sam.solo@solo.test', role: 'admin', you: true })]);
  });

  it('leaves one admin when two admins demote each other at the same moment', async () => {
    const [dana, dan] = await Promise.all([signedIn(app(), 'dana.one@duo.test'), signedIn(app(), 'dan.two@duo.test')]);
    const [danaId, danId] = await Promise.all([app().userId('dana.one@duo.test'), app().userId('dan.two@duo.test')]);
    const replies = await Promise.all([
      dana.emit('updateOrganizationMember', { orgId: 'duo', userId: danId, role: 'member' }),
      dan.emit('updateOrganizationMember', { orgId: 'duo', userId: danaId, role: 'member' }),
    ]);
    expect(replies.filter((reply) => reply.code === 200)).toHaveLength(1);
    // The other was demoted first (403: no longer an admin), or found the last admin (409).
    expect([403, 409]).toContain(replies.find((reply) => reply.code !== 200)!.code);
    const winner = replies[0]!.code === 200 ? dana : dan;
    const { list } = await winner.call('getOrganizationMembers', { orgId: 'duo' });
    expect(list.filter((member) => member.role === 'admin')).toHaveLength(1);
  });

  it('removes a member: every session of theirs ends at once (their open socket is told, then 401), the organization is gone from their list', async () => {
    const ada = await signedIn(app(), ADA);
    const lea = await signedIn(app(), 'lea.leaver@acme.test');
    await expect(lea.call('getWorkspaceList', {})).resolves.toBeTruthy();
    const told = new Promise<unknown>((resolve) => lea.socket.on(SESSION_ENDED_EVENT, resolve));
    const leaId = await app().userId('lea.leaver@acme.test');
    await expect(ada.call('removeOrganizationMember', { orgId: 'acme', userId: leaId, reason: 'left the company' })).resolves.toEqual({ success: true });
    expect(await told).toEqual({ message: expect.stringContaining('sign in again') });
    const again = await app().connect({ token: lea.token });
    expect((await again.emit('getWorkspaceList', {})).code).toBe(401);
    // Signed in again, they reach their other organization only.
    const back = await signedIn(app(), 'lea.leaver@acme.test');
    expect((await back.call('getWorkspaceList', {})).list.map((org) => org.orgId)).toEqual(['rival']);
    expect(await ada.emit('removeOrganizationMember', { orgId: 'acme', userId: leaId })).toMatchObject({ code: 404 });
    expect(await auditOf(ada, 'acme')).toContainEqual({
      kind: 'member-removed',
      actor: 'Ada Admin (ada.admin@acme.test)',
      member: 'lea.leaver@acme.test',
      detail: 'was member; 1 session ended; left the company',
    });
  });

  it('mails an unverified member a fresh verification code, and refuses a verified one', async () => {
    const ada = await signedIn(app(), ADA);
    const unaId = await app().userId('una.unverified@acme.test');
    const since = mail().messages.length;
    await expect(ada.call('resendMemberVerification', { orgId: 'acme', userId: unaId })).resolves.toEqual({ success: true });
    const code = codeIn(await mail().waitFor('una.unverified@acme.test', { since, match: withCode }));
    const una = await app().connect();
    await expect(una.call('activateAccount', { otp: code, email: 'una.unverified@acme.test' })).resolves.toMatchObject({ token: expect.any(String) });
    expect(await ada.emit('resendMemberVerification', { orgId: 'acme', userId: unaId })).toMatchObject({ code: 409, error: 'una.unverified@acme.test has already verified their address.' });
    expect(await auditOf(ada, 'acme')).toContainEqual({ kind: 'verification-resent', actor: 'Ada Admin (ada.admin@acme.test)', member: 'una.unverified@acme.test', detail: null });
  });
});
