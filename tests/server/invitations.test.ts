import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { createClientInvitation, createInvitation, generatePassword } from '../../src/server/accounts/invitations';
import { invitations } from '../../src/server/db/schema';
import { NewPasswordSchema } from '../../src/shared/validation/password';
import { MESSAGES } from '../../src/shared/validation/messages';
import { codeIn, linkIn, withCode } from '../mail/smtp-receiver';
import { INVITES, lifecycleSeed } from './fixtures/lifecycle-seed';
import { EMAILS, PASSWORDS } from './fixtures/seed';
import { describeEngines, signIn, useTestServerWithMail, resetLimits } from './harness';

const NONE = { invitationCodeExpired: false, invitationAlreadyAccepted: false, accountNotVerified: false, emailNotMatching: false, userAvailability: false };

describeEngines('member and client invitations', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, lifecycleSeed());
  beforeEach(async () => {
    await resetLimits(app());
  });

  it('verifyInvitationCode gives each outcome of the spec', async () => {
    const client = await app().connect();
    // With a token, as the renderer sends it: over the connection opened with it.
    const verify = async (inviteCode: string, token?: string) => (token ? await app().connect({ token }) : client).call('verifyInvitationCode', { inviteCode, token });
    // register: nobody has the invited address.
    expect(await verify(INVITES.forNewcomer)).toEqual({ ...NONE, email: 'newcomer@alpha.test' });
    // loginAndAccept: the account exists and nobody is signed in.
    expect(await verify(INVITES.forMember)).toEqual({ ...NONE, userAvailability: true, email: EMAILS.member });
    // accept: signed in as the invited account.
    expect(await verify(INVITES.forMember, await signIn(app(), EMAILS.member, PASSWORDS.member))).toEqual({ ...NONE, userAvailability: true, email: EMAILS.member });
    // emailNotMatching: signed in as someone else.
    expect(await verify(INVITES.forMember, await signIn(app(), EMAILS.admin, PASSWORDS.admin))).toEqual({ ...NONE, emailNotMatching: true, email: EMAILS.member });
    expect(await verify(INVITES.expired)).toEqual({ ...NONE, invitationCodeExpired: true, email: 'late@alpha.test' });
    expect(await verify(INVITES.forPending)).toEqual({ ...NONE, accountNotVerified: true, email: EMAILS.pending });
    // wrong: unknown codes, and client tokens are not member invitations.
    for (const code of ['no-such-invitation', INVITES.client]) {
      expect(await client.emit('verifyInvitationCode', { inviteCode: code })).toMatchObject({ code: 404, error: MESSAGES.invitationWrong });
    }
    expect((await client.emit('verifyInvitationCode', { inviteCode: INVITES.forMember, token: 'garbage' })).code).toBe(401);
    expect((await client.emit('verifyInvitationCode', { inviteCode: '' })).code).toBe(400);
  });

  it('acceptInvitation joins the signed-in invitee, once; then the invitation reads as accepted', async () => {
    const client = await app().connect({ token: await signIn(app(), EMAILS.admin, PASSWORDS.admin) });
    expect(await client.emit('acceptInvitation', { inviteCode: INVITES.forMember })).toMatchObject({ code: 403, error: MESSAGES.invitationEmailMismatch });

    const member = await app().connect({ token: await signIn(app(), EMAILS.member, PASSWORDS.member) });
    expect(await member.call('acceptInvitation', { inviteCode: INVITES.forMember })).toEqual({ success: true, orgId: 'delta' });
    const { list, activeOrgId } = await member.call('getWorkspaceList', {});
    expect(activeOrgId).toBe('delta');
    expect(list.find((org) => org.orgId === 'delta')).toMatchObject({ role: 'member', productAccess: ['chat'] });
    expect((await member.emit('acceptInvitation', { inviteCode: INVITES.forMember })).code).toBe(409);
    expect(await member.call('verifyInvitationCode', { inviteCode: INVITES.forMember })).toEqual({ ...NONE, invitationAlreadyAccepted: true, email: EMAILS.member });
    expect((await member.emit('acceptInvitation', { inviteCode: INVITES.expired })).code).toBe(409);
    expect((await (await app().connect()).emit('acceptInvitation', { inviteCode: INVITES.forNewcomer })).code).toBe(401);
  });

  it('registerAsMember creates the account unverified, mails a code, and the code signs in to the organization', async () => {
    const client = await app().connect();
    const member = { firstName: 'New', lastName: 'Comer', password: 'Newcomer#Pass1', inviteCode: INVITES.forNewcomer };
    expect(await client.emit('registerAsMember', { ...member, email: 'someone@else.test' })).toMatchObject({ code: 403, error: MESSAGES.invitationEmailMismatch });
    expect(await client.emit('registerAsMember', { ...member, email: 'newcomer@alpha.test', password: 'weak' })).toMatchObject({ code: 400 });
    const since = mail().messages.length;
    expect(await client.call('registerAsMember', { ...member, email: 'NewComer@alpha.test' })).toEqual({ success: true, email: 'newcomer@alpha.test' });
    const code = codeIn(await mail().waitFor('newcomer@alpha.test', { since, match: withCode }));
    expect((await client.emit('registerAsMember', { ...member, email: 'newcomer@alpha.test' })).code).toBe(409);
    const { token } = await client.call('activateAccount', { otp: code, email: 'newcomer@alpha.test' });
    expect(token).toEqual(expect.any(String));
    const session = await (await app().connect({ token: token! })).call('authenticate', { token: token! });
    expect(session).toMatchObject({ activeOrgId: 'alpha', productAccess: ['hrms', 'chat'], isAdmin: false });
  });

  it('createInvitation stores only a hash and mails the /invite/ link', async () => {
    const since = mail().messages.length;
    const code = await createInvitation(app().server.services, { orgId: 'beta', email: 'Guest@Beta.test', role: 'member', productAccess: ['chat'] });
    const message = await mail().waitFor('guest@beta.test', { since });
    expect(message.subject).toBe('You are invited to Beta Labs - Suite Portal');
    expect(linkIn(message, '/invite/')).toBe(`${app().server.services.config.publicUrl}/invite/${code}`);
    const rows = await app().server.database.db.select().from(invitations).where(eq(invitations.email, 'guest@beta.test'));
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(await (await app().connect()).call('verifyInvitationCode', { inviteCode: code })).toEqual({ ...NONE, email: 'guest@beta.test' });
  });

  it('acceptClientInvitation creates the client with a generated password shown once', async () => {
    const client = await app().connect();
    const since = mail().messages.length;
    const token = await createClientInvitation(app().server.services, { orgId: 'alpha', email: 'buyer@client.test' });
    expect(token).toHaveLength(36);
    expect(linkIn(await mail().waitFor('buyer@client.test', { since }), '/invite-client/')).toBe(`${app().server.services.config.publicUrl}/invite-client/${token}`);
    const reply = await client.call('acceptClientInvitation', { token });
    expect(reply.email).toBe('buyer@client.test');
    expect(NewPasswordSchema.safeParse(reply.password).success).toBe(true);
    const signedIn = await client.call('login', { identifier: 'buyer@client.test', password: reply.password, platform: 'web' });
    expect(signedIn.token).toBeTruthy();
    const { list } = await (await app().connect({ token: signedIn.token! })).call('getWorkspaceList', {});
    expect(list).toEqual([expect.objectContaining({ orgId: 'alpha', role: 'client', productAccess: ['pms'] })]);

    const again = await client.emit('acceptClientInvitation', { token });
    expect(again).toMatchObject({ code: 409, data: { showButton: true, alreadyAccepted: true } });
    expect(again.error).toBe(
      'This invitation has already been accepted. Your password was shown when this link was first opened, and is not shown again. Sign in with it, or if you did not keep it, choose a new one with Forgot Password.',
    );
    expect(again.error).not.toContain(reply.password);
  });

  it('acceptClientInvitation failures carry the message and whether to offer sign-in', async () => {
    const client = await app().connect();
    const unknown = await client.emit('acceptClientInvitation', { token: '00000000-0000-4000-8000-000000000000' });
    expect(unknown).toMatchObject({ code: 404, error: 'This invitation link is not valid.', data: { showButton: false } });
    const existing = await client.emit('acceptClientInvitation', { token: INVITES.clientExisting });
    expect(existing).toMatchObject({ code: 409, data: { showButton: true } });
    expect(existing.data?.alreadyAccepted).toBeUndefined();
    expect(existing.error).toContain('Beta Labs');
    expect((await client.emit('acceptClientInvitation', { token: 'short' })).code).toBe(400);
    expect((await client.emit('acceptClientInvitation', { token: INVITES.forNewcomer.padEnd(36, 'x') })).code).toBe(404);
  });

  it('generates passwords that always meet the policy', () => {
    for (let i = 0; i < 200; i += 1) expect(NewPasswordSchema.safeParse(generatePassword()).success).toBe(true);
  });
});
