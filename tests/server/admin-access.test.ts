import { asc, eq, isNotNull } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { auditEvents, images, invitations, memberships, oauthClients, organizationDomains, organizations, sessions } from '../../src/server/db/schema';
import { ADMIN_EVENTS } from '../../src/shared/protocol/admin-events';
import { adminSeed, person, signedIn } from './fixtures/admin-seed';
import { describeEngines, useTestServer, resetLimits, type TestClient, type TestServer } from './harness';

// Who may use the admin console: every one of its events, replayed by a member of the organization, by an admin of
// another organization, or by the organization's own admin from outside its IP ranges, gets the audit's 403 and
// changes nothing; without a session, 401. And an admin's changes are limited (adminChange: 120 per 15 minutes).

const NOT_ADMIN = { code: 403, error: 'Only an administrator of this organization can see its audit.' };
const CALLBACK = 'https://guarded.example/cb';

const seed = adminSeed({
  organizations: [{ orgId: 'fenced', company: 'Fenced Co', plan: { hrms: true }, allowedIpRanges: ['192.0.2.0/24'] }],
  users: [
    person('gus.guard@acme.test', [{ orgId: 'acme', role: 'admin' }]),
    person('nosy.member@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms'] }]),
    person('tess.target@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms'] }], { verified: false }),
    person('rex.rival@rival.test', [{ orgId: 'rival', role: 'admin' }]),
    person('fay.fenced@fenced.test', [{ orgId: 'fenced', role: 'admin' }]),
    person('fred.fenced@fenced.test', [{ orgId: 'fenced', role: 'member', productAccess: ['hrms'] }], { verified: false }),
    person('busy.admin@acme.test', [{ orgId: 'acme', role: 'admin' }]),
  ],
  invitations: [
    { code: 'guarded-acme-invitation', orgId: 'acme', email: 'invited@acme.test', role: 'member' },
    { code: 'guarded-fenced-invitation', orgId: 'fenced', email: 'invited@fenced.test', role: 'member' },
  ],
  oauthClients: [
    { clientId: 'acme-guarded', name: 'Guarded', redirectUris: [CALLBACK], clientSecret: 'guarded-secret-0123456789abcdef-0123456789', orgId: 'acme' },
    { clientId: 'fenced-guarded', name: 'Guarded', redirectUris: [CALLBACK], orgId: 'fenced' },
  ],
});

type AdminEvent = keyof typeof ADMIN_EVENTS;

/** A valid call of every admin event on `orgId`, naming things that are there (a member, an invitation, an app). */
function everyEvent(orgId: string, ids: { member: string; invitation: string; app: string }): Record<AdminEvent, unknown> {
  return {
    getOrganizationMembers: { orgId },
    updateOrganizationMember: { orgId, userId: ids.member, role: 'admin' },
    removeOrganizationMember: { orgId, userId: ids.member },
    resendMemberVerification: { orgId, userId: ids.member },
    inviteToOrganization: { orgId, invitations: [{ email: 'sneaky@example.test', role: 'admin' }] },
    getOrganizationInvitations: { orgId },
    resendInvitation: { orgId, invitationId: ids.invitation },
    revokeInvitation: { orgId, invitationId: ids.invitation },
    getOrganizationSettings: { orgId },
    updateSecondFactorPolicy: { orgId, secondFactor: 'authenticator', applyToCompany: true },
    updateIpRanges: { orgId, allowedIpRanges: ['203.0.113.0/24'], confirmOwnAddressOutside: true },
    updateBranding: { orgId, company: 'Hijacked' },
    updateOrganizationLanguage: { orgId, language: 'ur' },
    getOrganizationApps: { orgId },
    registerApp: { orgId, name: 'Sneaky', redirectUris: ['https://evil.example/cb'], type: 'confidential', apiAccess: true },
    updateApp: { orgId, clientId: ids.app, name: 'Sneaky', redirectUris: ['https://evil.example/cb'], apiAccess: true },
    rotateAppSecret: { orgId, clientId: ids.app },
    deleteApp: { orgId, clientId: ids.app },
    getOrganizationDomains: { orgId },
    claimDomain: { orgId, domain: 'sneaky.example' },
    verifyDomain: { orgId, domain: `${orgId}.example` },
    removeDomain: { orgId, domain: `${orgId}.example` },
    getSsoConnections: { orgId },
    createSsoConnection: { orgId, kind: 'oidc', name: 'Sneaky', oidc: { issuer: 'https://idp.sneaky.example', clientId: 'c', clientSecret: 's' } },
    updateSsoConnection: { orgId, connectionId: '7d444840-9dc0-11d1-b245-5ffdce74fad2', enabled: false },
    deleteSsoConnection: { orgId, connectionId: '7d444840-9dc0-11d1-b245-5ffdce74fad2' },
    startSsoTest: { orgId, connectionId: '7d444840-9dc0-11d1-b245-5ffdce74fad2' },
    getSsoTestResult: { orgId, handoff: 'h4ndoff-of-the-sign-in_0123456789abcdef' },
    getScimSettings: { orgId },
    issueScimToken: { orgId },
    revokeScimToken: { orgId },
  };
}

/** Everything an admin event could change, as it is now. */
async function snapshot(app: TestServer) {
  const { db } = app.server.database;
  return JSON.stringify(
    await Promise.all([
      db.select().from(organizations).orderBy(asc(organizations.id)),
      db.select().from(memberships).orderBy(asc(memberships.id)),
      db.select().from(invitations).orderBy(asc(invitations.id)),
      db.select().from(oauthClients).orderBy(asc(oauthClients.clientId)),
      db.select().from(images).orderBy(asc(images.id)),
      db.select().from(organizationDomains).orderBy(asc(organizationDomains.id)),
      db.select().from(auditEvents).where(isNotNull(auditEvents.organizationId)).orderBy(asc(auditEvents.id)),
      db.select({ id: sessions.id }).from(sessions).where(isNotNull(sessions.revokedAt)).orderBy(asc(sessions.id)),
    ]),
  );
}

describeEngines('admin console: who may use it', (engine) => {
  const app = useTestServer(engine, seed);
  const db = () => app().server.database.db;
  beforeEach(async () => {
    await resetLimits(app());
  });

  /** The ids the events name in `orgId`: a member, the seeded invitation, the seeded app. */
  const idsOf = async (orgId: string, member: string, clientId: string) => {
    const [invitation] = await db().select({ id: invitations.id }).from(invitations).where(eq(invitations.email, `invited@${orgId}.test`));
    return { member: await app().userId(member), invitation: invitation!.id, app: clientId };
  };

  /** Replays every admin event on `orgId` as `caller` and expects the 403 for each. */
  const replayAll = async (caller: TestClient, orgId: string, ids: { member: string; invitation: string; app: string }) => {
    for (const [event, payload] of Object.entries(everyEvent(orgId, ids)) as [AdminEvent, unknown][]) {
      // A valid payload: the refusal is the admin check's, not the contract's.
      expect(ADMIN_EVENTS[event].payload.safeParse(payload).success, event).toBe(true);
      expect(await caller.emit(event, payload), event).toMatchObject(NOT_ADMIN);
    }
  };

  it('refuses every admin event to a member of the organization, and changes nothing', async () => {
    const ids = await idsOf('acme', 'tess.target@acme.test', 'acme-guarded');
    const before = await snapshot(app());
    await replayAll(await signedIn(app(), 'nosy.member@acme.test'), 'acme', ids);
    expect(await snapshot(app())).toBe(before);
  });

  it('refuses every admin event to an admin of another organization, and changes nothing', async () => {
    const ids = await idsOf('acme', 'tess.target@acme.test', 'acme-guarded');
    const before = await snapshot(app());
    await replayAll(await signedIn(app(), 'rex.rival@rival.test'), 'acme', ids);
    expect(await snapshot(app())).toBe(before);
  });

  it('refuses every admin event to the organization\'s own admin from outside its IP ranges, and changes nothing', async () => {
    const ids = await idsOf('fenced', 'fred.fenced@fenced.test', 'fenced-guarded');
    const before = await snapshot(app());
    await replayAll(await signedIn(app(), 'fay.fenced@fenced.test'), 'fenced', ids);
    expect(await snapshot(app())).toBe(before);
  });

  it('answers 401 to every admin event without a session, and to an image upload', async () => {
    const stranger = await app().connect();
    const ids = await idsOf('acme', 'tess.target@acme.test', 'acme-guarded');
    for (const [event, payload] of Object.entries(everyEvent('acme', ids))) expect((await stranger.emit(event, payload)).code, event).toBe(401);
    expect((await fetch(`${app().url}/uploads/images`, { method: 'POST', body: 'x' })).status).toBe(401);
  });

  it('allows an admin 120 changes in 15 minutes, then 429', async () => {
    const sockets = await Promise.all([0, 1, 2].map(() => signedIn(app(), 'busy.admin@acme.test')));
    for (let i = 0; i < 120; i += 1) {
      const reply = await sockets[Math.floor(i / 40)]!.emit('updateBranding', { orgId: 'acme', company: 'Acme Console' });
      expect(reply.code, `change ${i + 1}`).toBe(200);
    }
    const refused = await (await signedIn(app(), 'busy.admin@acme.test')).emit('updateBranding', { orgId: 'acme', company: 'Acme Console' });
    expect(refused).toMatchObject({ code: 429, error: expect.stringMatching(/^Too many attempts\. Try again in \d+ minutes?\.$/), data: { retryAfter: expect.any(Number) } });
    // Reading is not limited.
    await expect(sockets[0]!.call('getOrganizationSettings', { orgId: 'acme' })).resolves.toMatchObject({ company: 'Acme Console' });
  });
});
