import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { auditEvents, memberships } from '../../src/server/db/schema';
import { SECURITY, securitySeed } from './fixtures/security-seed';
import { EMAILS, PASSWORDS } from './fixtures/seed';
import { describeEngines, signIn, useTestServer, resetLimits, type TestClient, type TestServer } from './harness';

// An organization's audit for its admins: the events of its members since they joined, filtered, paged and exported
// as CSV; refused to members, to another organization's admin, and outside the organization's IP ranges.

const NOT_ADMIN = { code: 403, message: 'Only an administrator of this organization can see its audit.' };

async function signedIn(app: TestServer, email: string, password: string): Promise<TestClient> {
  return app.connect({ token: await signIn(app, email, password) });
}

describeEngines('security center: organization audit', (engine) => {
  const app = useTestServer(engine, securitySeed());
  const db = () => app().server.database.db;
  beforeEach(async () => {
    await resetLimits(app());
  });

  it('shows an admin the events of the organization\'s members, and no one else\'s', async () => {
    await signedIn(app(), EMAILS.member, PASSWORDS.member); // alpha and beta
    await signedIn(app(), SECURITY.paged, SECURITY.password); // beta only
    const admin = await signedIn(app(), EMAILS.admin, PASSWORDS.admin);
    const { list, total } = await admin.call('getOrganizationAudit', { orgId: 'alpha', pageSize: 100 });
    expect(total).toBe(list.length);
    const emails = new Set(list.map((entry) => entry.member.email));
    expect(emails).toContain(EMAILS.member);
    expect(emails).toContain(EMAILS.admin);
    expect(emails).not.toContain(SECURITY.paged);
    expect(emails).not.toContain(SECURITY.betaAdmin);
    expect(list.find((entry) => entry.member.email === EMAILS.member)).toMatchObject({ kind: 'sign-in', member: { name: 'Max Member' }, ip: '127.0.0.1' });

    const betaAdmin = await signedIn(app(), SECURITY.betaAdmin, SECURITY.password);
    const beta = await betaAdmin.call('getOrganizationAudit', { orgId: 'beta', filter: { search: 'paige' } });
    expect(beta.list.map((entry) => entry.member.email)).toEqual([SECURITY.paged]);
  });

  it('refuses a member, another organization\'s admin, an unknown organization and one fenced off by its IP ranges alike', async () => {
    const member = await signedIn(app(), EMAILS.member, PASSWORDS.member);
    const betaAdmin = await signedIn(app(), SECURITY.betaAdmin, SECURITY.password);
    const admin = await signedIn(app(), EMAILS.admin, PASSWORDS.admin);
    await expect(member.call('getOrganizationAudit', { orgId: 'alpha' })).rejects.toMatchObject(NOT_ADMIN);
    await expect(betaAdmin.call('getOrganizationAudit', { orgId: 'alpha' })).rejects.toMatchObject(NOT_ADMIN);
    await expect(betaAdmin.call('exportOrganizationAudit', { orgId: 'alpha' })).rejects.toMatchObject(NOT_ADMIN);
    await expect(admin.call('getOrganizationAudit', { orgId: 'no-such-org' })).rejects.toMatchObject(NOT_ADMIN);
    // The admin administers gamma, but gamma admits 192.0.2.0/24 only.
    await expect(admin.call('getOrganizationAudit', { orgId: 'gamma' })).rejects.toMatchObject(NOT_ADMIN);
    // Admin of alpha, member of beta: beta's audit is not theirs to read.
    await expect(admin.call('getOrganizationAudit', { orgId: 'beta' })).rejects.toMatchObject(NOT_ADMIN);
  });

  it('shows a member\'s events only from the day they joined', async () => {
    const userId = await app().userId(EMAILS.surveyor);
    const [membership] = await db().select({ joined: memberships.createdAt }).from(memberships).where(eq(memberships.userId, userId));
    await db().insert(auditEvents).values([
      { userId, kind: 'sign-in', detail: 'before joining', createdAt: new Date(membership!.joined.getTime() - 86_400_000) },
      { userId, kind: 'sign-in', detail: 'after joining', createdAt: new Date(membership!.joined.getTime() + 1000) },
    ]);
    const admin = await signedIn(app(), EMAILS.admin, PASSWORDS.admin);
    const { list } = await admin.call('getOrganizationAudit', { orgId: 'alpha', filter: { search: 'joining' } });
    expect(list.map((entry) => entry.detail)).toEqual(['after joining']);
  });

  it('filters by kind, sorts by member and pages', async () => {
    const admin = await signedIn(app(), EMAILS.admin, PASSWORDS.admin);
    const stranger = await app().connect();
    for (let i = 0; i < 3; i += 1) await stranger.emit('login', { identifier: EMAILS.bystander, password: 'Wrong#Pass999', platform: 'web' });
    await app().server.drain();
    const failures = await admin.call('getOrganizationAudit', { orgId: 'alpha', filter: { kinds: ['sign-in-failed'] } });
    expect(failures.total).toBeGreaterThanOrEqual(3);
    expect(new Set(failures.list.map((entry) => entry.kind))).toEqual(new Set(['sign-in-failed']));
    const byMember = await admin.call('getOrganizationAudit', { orgId: 'alpha', sort: { member: 1 }, pageSize: 100 });
    const names = byMember.list.map((entry) => entry.member.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const page1 = await admin.call('getOrganizationAudit', { orgId: 'alpha', page: 1, pageSize: 20 });
    const page2 = await admin.call('getOrganizationAudit', { orgId: 'alpha', page: 2, pageSize: 20 });
    expect(page1.total).toBe(page2.total);
    expect(page1.list.map((entry) => entry.id)).not.toContain(page2.list[0]?.id);
  });

  it('exports the filtered audit as CSV, with a header, quoting and spreadsheet formulas defused', async () => {
    const userId = await app().userId(EMAILS.surveyor);
    await db().insert(auditEvents).values({ userId, kind: 'sign-in', detail: 'csv, "quoted"', device: '=HYPERLINK("http://evil.test")', ip: '203.0.113.9' });
    const admin = await signedIn(app(), EMAILS.admin, PASSWORDS.admin);
    const exported = await admin.call('exportOrganizationAudit', { orgId: 'alpha', filter: { search: '203.0.113.9' } });
    expect(exported).toMatchObject({ rows: 1, truncated: false });
    expect(exported.fileName).toMatch(/^audit-alpha-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = exported.csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Member,Email,Event,Detail,By,Address,Device,Platform');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,Sue Surveyor,surveyor@alpha\.test,Signed in,"csv, ""quoted""",,203\.0\.113\.9,"'=HYPERLINK\(""http:\/\/evil\.test""\)",$/);
  });

  it('allows 10 exports in 15 minutes per admin, then 429', async () => {
    const admin = await signedIn(app(), EMAILS.admin, PASSWORDS.admin);
    for (let i = 0; i < 10; i += 1) await admin.call('exportOrganizationAudit', { orgId: 'alpha', filter: { kinds: ['locked'] } });
    await expect(admin.call('exportOrganizationAudit', { orgId: 'alpha' })).rejects.toMatchObject({ code: 429 });
  });
});
