import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { invitations } from '../../src/server/db/schema';
import { MESSAGES } from '../../src/shared/validation/messages';
import { codeIn, linkIn, withCode } from '../mail/smtp-receiver';
import { adminSeed, auditOf, CONSOLE_PASSWORD, person, signedIn } from './fixtures/admin-seed';
import { describeEngines, useTestServerWithMail, resetLimits, type TestClient } from './harness';
import { busySocketReply, whenAdmitted } from './attack';

// The admin console's invitations: one or many (a pasted list, a CSV file) with role and product access, all or
// none; each mailed with the link the invitation screens accept; listed while pending; resent with a fresh code and
// revoked, either way the old link stops working; accepted, in the organization's audit.

const IVY = 'ivy.inviter@acme.test';
const seed = adminSeed({
  users: [
    person(IVY, [{ orgId: 'acme', role: 'admin' }]),
    person('bulk.admin@acme.test', [{ orgId: 'acme', role: 'admin' }]),
    person('already.here@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms'] }]),
  ],
});

const NOT_FOUND = { code: 404, error: MESSAGES.invitationWrong };

describeEngines('admin console: invitations', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, seed);
  const db = () => app().server.database.db;
  const publicUrl = () => app().server.services.config.publicUrl;
  beforeEach(async () => {
    await resetLimits(app());
  });
  const pendingTo = async (admin: TestClient, email: string) => (await admin.call('getOrganizationInvitations', { orgId: 'acme', pageSize: 100 })).list.find((row) => row.email === email);

  it('invites a member and a client by mail; both accept from the mailed links and the audit shows it', async () => {
    const ivy = await signedIn(app(), IVY);
    const since = mail().messages.length;
    const { invited } = await ivy.call('inviteToOrganization', {
      orgId: 'acme',
      invitations: [
        { email: 'New.Member@Example.test', role: 'member', productAccess: ['hrms', 'chat'] },
        { email: 'new.client@example.test', role: 'client' },
      ],
    });
    expect(invited.map((row) => row.email)).toEqual(['new.member@example.test', 'new.client@example.test']);
    expect(invited.every((row) => Date.parse(row.expiresAt!) > Date.now())).toBe(true);

    const memberLink = linkIn(await mail().waitFor('new.member@example.test', { since }), '/invite/');
    const inviteCode = memberLink.slice(`${publicUrl()}/invite/`.length);
    expect(inviteCode).toHaveLength(32);
    const clientLink = linkIn(await mail().waitFor('new.client@example.test', { since }), '/invite-client/');
    const token = clientLink.slice(`${publicUrl()}/invite-client/`.length);
    expect(token).toHaveLength(36);

    expect(await pendingTo(ivy, 'new.member@example.test')).toMatchObject({ role: 'member', productAccess: ['hrms', 'chat'], expired: false, invitedBy: 'Ivy Inviter (ivy.inviter@acme.test)' });
    expect(await pendingTo(ivy, 'new.client@example.test')).toMatchObject({ role: 'client', productAccess: ['pms'] });

    const visitor = await app().connect();
    const registered = mail().messages.length;
    await visitor.call('registerAsMember', { inviteCode, email: 'new.member@example.test', firstName: 'New', lastName: 'Member', password: CONSOLE_PASSWORD });
    const otp = codeIn(await mail().waitFor('new.member@example.test', { since: registered, match: withCode }));
    const { token: session } = await visitor.call('activateAccount', { otp, email: 'new.member@example.test' });
    expect(await (await app().connect({ token: session! })).call('authenticate', { token: session! })).toMatchObject({ activeOrgId: 'acme', productAccess: ['hrms', 'chat'], isAdmin: false });
    const client = await visitor.call('acceptClientInvitation', { token });
    expect(client.email).toBe('new.client@example.test');

    // Accepted invitations are no longer pending.
    expect(await pendingTo(ivy, 'new.member@example.test')).toBeUndefined();
    const audit = await auditOf(ivy, 'acme');
    expect(audit).toContainEqual({ kind: 'member-invited', actor: 'Ivy Inviter (ivy.inviter@acme.test)', member: 'new.member@example.test', detail: 'as member, products HR, Chat' });
    expect(audit).toContainEqual({ kind: 'member-invited', actor: 'Ivy Inviter (ivy.inviter@acme.test)', member: 'new.client@example.test', detail: 'as client, products Project' });
    expect(audit).toContainEqual({ kind: 'invitation-accepted', actor: 'New Member (new.member@example.test)', member: 'new.member@example.test', detail: 'as member' });
    expect(audit).toContainEqual(expect.objectContaining({ kind: 'invitation-accepted', member: 'new.client@example.test', detail: 'as client' }));
  });

  it('refuses a list with bad rows, naming each row, and writes nothing', async () => {
    const ivy = await signedIn(app(), IVY);
    const rows = [
      { email: 'good.one@example.test', role: 'member' },
      { email: 'not-an-address', role: 'member' },
      { email: 'good.two@example.test', role: 'member' },
      { email: '', role: 'client' },
      { email: 'good.one@example.test', role: 'member' },
    ];
    const reply = await ivy.emit('inviteToOrganization', { orgId: 'acme', invitations: rows });
    expect(reply.code).toBe(400);
    expect(reply.data!.issues).toEqual(
      expect.arrayContaining([
        { path: 'invitations.1.email', message: 'Email must be valid.' },
        { path: 'invitations.3.email', message: 'Required*' },
        { path: 'invitations.4.email', message: 'good.one@example.test is listed twice (also row 1).' },
      ]),
    );
    const beyondPlan = await ivy.emit('inviteToOrganization', {
      orgId: 'acme',
      invitations: [
        { email: 'good.one@example.test', role: 'member', productAccess: ['hrms'] },
        { email: 'good.two@example.test', role: 'member', productAccess: ['payroll'] },
        { email: 'good.three@example.test', role: 'client', productAccess: ['chat'] },
      ],
    });
    expect(beyondPlan).toMatchObject({
      code: 400,
      error: "Payroll is not in Acme Console's plan. (and 1 more row)",
      data: {
        issues: [
          { path: 'invitations.1.productAccess.0', message: "Payroll is not in Acme Console's plan." },
          { path: 'invitations.2.productAccess.0', message: 'Chat cannot be opened by a client: choose another product or role.' },
        ],
      },
    });
    const written = await db().select().from(invitations).where(sql`${invitations.email} like 'good.%'`);
    expect(written).toEqual([]);
  });

  it('answers 409 for an address that is already a member, or already invited', async () => {
    const ivy = await signedIn(app(), IVY);
    const member = await ivy.emit('inviteToOrganization', { orgId: 'acme', invitations: [{ email: 'someone.else@example.test', role: 'member' }, { email: 'Already.Here@acme.test', role: 'member' }] });
    expect(member).toMatchObject({ code: 409, error: 'already.here@acme.test is already a member of Acme Console.', data: { issues: [{ path: 'invitations.1.email' }] } });
    expect(await pendingTo(ivy, 'someone.else@example.test')).toBeUndefined();
    await ivy.call('inviteToOrganization', { orgId: 'acme', invitations: [{ email: 'twice@example.test', role: 'member' }] });
    expect(await ivy.emit('inviteToOrganization', { orgId: 'acme', invitations: [{ email: 'twice@example.test', role: 'client' }] })).toMatchObject({
      code: 409,
      error: 'twice@example.test already has a pending invitation to Acme Console: resend it instead.',
    });
    // An expired one is replaced by a new invitation.
    await db().update(invitations).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(invitations.email, 'twice@example.test'));
    expect((await pendingTo(ivy, 'twice@example.test'))!.expired).toBe(true);
    await ivy.call('inviteToOrganization', { orgId: 'acme', invitations: [{ email: 'twice@example.test', role: 'client' }] });
    expect(await pendingTo(ivy, 'twice@example.test')).toMatchObject({ role: 'client', expired: false });
  });

  it('creates one invitation from a hundred parallel invitations of one address', async () => {
    const sockets = await Promise.all(Array.from({ length: 4 }, () => signedIn(app(), 'bulk.admin@acme.test')));
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => whenAdmitted(() => sockets[i % 4]!.emit('inviteToOrganization', { orgId: 'acme', invitations: [{ email: 'racing@example.test', role: 'member' }] }), busySocketReply)),
    );
    expect(replies.filter((reply) => reply.code === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.code === 409)).toHaveLength(99);
    const rows = await db().select().from(invitations).where(eq(invitations.email, 'racing@example.test'));
    expect(rows).toHaveLength(1);
  });

  it('resends with a fresh code: the old link stops working, the new one works', async () => {
    const ivy = await signedIn(app(), IVY);
    let since = mail().messages.length;
    await ivy.call('inviteToOrganization', { orgId: 'acme', invitations: [{ email: 'resent@example.test', role: 'member', productAccess: ['chat'] }] });
    const oldCode = linkIn(await mail().waitFor('resent@example.test', { since }), '/invite/').split('/invite/')[1]!;
    const pending = (await pendingTo(ivy, 'resent@example.test'))!;
    since = mail().messages.length;
    const { invitation } = await ivy.call('resendInvitation', { orgId: 'acme', invitationId: pending.id });
    expect(invitation).toMatchObject({ id: pending.id, email: 'resent@example.test', expired: false });
    expect(Date.parse(invitation.sentAt)).toBeGreaterThanOrEqual(Date.parse(pending.sentAt));
    const newCode = linkIn(await mail().waitFor('resent@example.test', { since }), '/invite/').split('/invite/')[1]!;
    expect(newCode).not.toBe(oldCode);
    const visitor = await app().connect();
    expect(await visitor.emit('verifyInvitationCode', { inviteCode: oldCode })).toMatchObject(NOT_FOUND);
    expect(await visitor.call('verifyInvitationCode', { inviteCode: newCode })).toMatchObject({ email: 'resent@example.test', invitationCodeExpired: false });
    expect(await auditOf(ivy, 'acme')).toContainEqual({ kind: 'invitation-resent', actor: 'Ivy Inviter (ivy.inviter@acme.test)', member: 'resent@example.test', detail: 'the previous link stopped working' });
  });

  it('revokes: the member and client links stop working, and it is no longer pending', async () => {
    const ivy = await signedIn(app(), IVY);
    const since = mail().messages.length;
    await ivy.call('inviteToOrganization', {
      orgId: 'acme',
      invitations: [
        { email: 'revoked.member@example.test', role: 'member' },
        { email: 'revoked.client@example.test', role: 'client' },
      ],
    });
    const code = linkIn(await mail().waitFor('revoked.member@example.test', { since }), '/invite/').split('/invite/')[1]!;
    const token = linkIn(await mail().waitFor('revoked.client@example.test', { since }), '/invite-client/').split('/invite-client/')[1]!;
    for (const email of ['revoked.member@example.test', 'revoked.client@example.test']) {
      const pending = (await pendingTo(ivy, email))!;
      await expect(ivy.call('revokeInvitation', { orgId: 'acme', invitationId: pending.id })).resolves.toEqual({ success: true });
      expect(await ivy.emit('revokeInvitation', { orgId: 'acme', invitationId: pending.id })).toMatchObject({ code: 404 });
      expect(await pendingTo(ivy, email)).toBeUndefined();
    }
    const visitor = await app().connect();
    expect(await visitor.emit('verifyInvitationCode', { inviteCode: code })).toMatchObject(NOT_FOUND);
    expect(await visitor.emit('registerAsMember', { inviteCode: code, email: 'revoked.member@example.test', firstName: 'Re', lastName: 'Voked', password: CONSOLE_PASSWORD })).toMatchObject(NOT_FOUND);
    expect(await visitor.emit('acceptClientInvitation', { token })).toMatchObject({ code: 404, error: 'This invitation link is not valid.' });
    expect(await auditOf(ivy, 'acme')).toContainEqual({ kind: 'invitation-revoked', actor: 'Ivy Inviter (ivy.inviter@acme.test)', member: 'revoked.client@example.test', detail: 'as client, products Project' });
  });
});
