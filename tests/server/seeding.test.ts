import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { memberships, organizations, users } from '../../src/server/db/schema';
import { SeedError } from '../../src/server/seed/apply-seed';
import { cloneSeed, EMAILS, PASSWORDS, TEST_SEED, type SeedInput } from './fixtures/seed';
import { createStore, describeEngines, signIn, startTestServer, type TestServer, type TestStore } from './harness';

const NEW_PASSWORD = 'Changed#Pass456';
const membershipCount = (seed: SeedInput) => seed.users.reduce((total, user) => total + user.memberships.length, 0);

async function rowCounts(app: TestServer) {
  const { db } = app.server.database;
  const [orgs] = await db.select({ n: count() }).from(organizations);
  const [people] = await db.select({ n: count() }).from(users);
  const [links] = await db.select({ n: count() }).from(memberships);
  return { organizations: orgs!.n, users: people!.n, memberships: links!.n };
}

async function loginCode(app: TestServer, identifier: string, password: string) {
  const client = await app.connect();
  try {
    return (await client.emit('login', { identifier, password, platform: 'web' })).code;
  } finally {
    client.close();
  }
}

/** The seed of the second start: alpha renamed, the member's seeded password changed, one user added. */
function changedSeed(): SeedInput {
  const seed = cloneSeed();
  seed.organizations[0]!.company = 'Alpha Works Renamed';
  seed.users.find((user) => user.email === EMAILS.member)!.password = NEW_PASSWORD;
  seed.users.push({ email: 'late@alpha.test', password: 'Late#Pass123', firstName: 'Lee', lastName: 'Late', memberships: [{ orgId: 'alpha', role: 'member', productAccess: ['chat'] }] });
  return seed;
}

/** Invalid seeds, and the path the error must name. */
const INVALID: { name: string; path: string; change: (seed: SeedInput) => void }[] = [
  {
    name: 'a bad CIDR range',
    path: 'organizations[2].allowedIpRanges[0]',
    change: (seed) => {
      seed.organizations[2]!.allowedIpRanges = ['192.0.2.0/33'];
    },
  },
  {
    name: 'a membership in an unknown organization',
    path: 'users[1].memberships[1].orgId',
    change: (seed) => {
      seed.users[1]!.memberships[1]!.orgId = 'nowhere';
    },
  },
  {
    name: 'an app of an unknown organization',
    path: 'oauthClients[0].orgId',
    change: (seed) => {
      seed.oauthClients = [{ clientId: 'lost-app', name: 'Lost', redirectUris: ['https://lost.example/cb'], orgId: 'nowhere' }];
    },
  },
  {
    name: 'a weak password',
    path: 'users[0].password',
    change: (seed) => {
      seed.users[0]!.password = 'password';
    },
  },
];

describeEngines('seeding', (engine) => {
  let store: TestStore;
  let running: TestServer | null = null;

  beforeAll(async () => {
    store = await createStore(engine);
  });
  afterAll(async () => {
    await running?.close();
    await store?.dispose();
  });

  const start = async (seed: SeedInput) => {
    await running?.close();
    running = null;
    running = await startTestServer({ engine, seed, store });
    return running;
  };

  it('applies the same seed twice without duplicating anything', async () => {
    const first = await start(TEST_SEED);
    const expected = { organizations: TEST_SEED.organizations.length, users: TEST_SEED.users.length, memberships: membershipCount(TEST_SEED) };
    expect(await rowCounts(first)).toEqual(expected);
    expect(first.server.seeded).toMatchObject({ source: 'file', result: { createdUsers: TEST_SEED.users.length } });

    const second = await start(TEST_SEED);
    expect(await rowCounts(second)).toEqual(expected);
    expect(second.server.seeded).toMatchObject({ source: 'file', result: { createdUsers: 0 } });
    expect(await loginCode(second, EMAILS.member, PASSWORDS.member)).toBe(200);
  });

  it('updates what changed on restart, keeps passwords and sessions', async () => {
    const before = await start(TEST_SEED);
    const token = await signIn(before, EMAILS.member, PASSWORDS.member);

    const seed = changedSeed();
    const after = await start(seed);
    expect(await rowCounts(after)).toEqual({ organizations: 4, users: TEST_SEED.users.length + 1, memberships: membershipCount(seed) });
    const client = await after.connect();
    await expect(client.call('getCompanyDetails', { orgId: 'alpha' })).resolves.toMatchObject({ company: 'Alpha Works Renamed' });
    const [alpha] = await after.server.database.db.select().from(organizations).where(eq(organizations.orgId, 'alpha'));
    expect(alpha?.company).toBe('Alpha Works Renamed');

    // The seed's new password for an existing account is not applied: the account keeps its own.
    expect(await loginCode(after, EMAILS.member, NEW_PASSWORD)).toBe(403);
    expect(await loginCode(after, EMAILS.member, PASSWORDS.member)).toBe(200);
    // The added account can sign in.
    expect(await loginCode(after, 'late@alpha.test', 'Late#Pass123')).toBe(200);
    // A token from before the restart still works: the signing key lives in the database.
    await expect((await after.connect({ token })).call('authenticate', { token })).resolves.toMatchObject({ email: EMAILS.member });
  });

  it('leaves the data untouched when a restart brings an invalid seed', async () => {
    const counts = await rowCounts(await start(TEST_SEED));
    const bad = changedSeed();
    bad.organizations[1]!.company = 'Beta Renamed';
    bad.users[0]!.password = 'weak';
    await running?.close();
    running = null;
    await expect(startTestServer({ engine, seed: bad, store })).rejects.toBeInstanceOf(SeedError);

    const again = await start(TEST_SEED);
    const client = await again.connect();
    await expect(client.call('getCompanyDetails', { orgId: 'beta' })).resolves.toMatchObject({ company: 'Beta Labs' });
    expect(await rowCounts(again)).toEqual(counts);
  });

  it('keeps an invitation an admin resent: a restart neither brings the old link back nor makes a second one', async () => {
    const seed = cloneSeed();
    seed.invitations = [{ code: 'seeded-invitation-0001', orgId: 'alpha', email: 'invited@alpha.test', role: 'member', expiresAt: '2099-01-01T00:00:00Z' }];
    const before = await start(seed);
    const admin = await before.connect({ token: await signIn(before, EMAILS.admin, PASSWORDS.admin) });
    const [pending] = (await admin.call('getOrganizationInvitations', { orgId: 'alpha' })).list;
    const resent = await admin.call('resendInvitation', { orgId: 'alpha', invitationId: pending!.id });
    expect(resent.invitation.expiresAt).not.toBe('2099-01-01T00:00:00.000Z');

    const after = await start(seed);
    const visitor = await after.connect();
    expect(await visitor.emit('verifyInvitationCode', { inviteCode: 'seeded-invitation-0001' })).toMatchObject({ code: 404 });
    const again = await after.connect({ token: await signIn(after, EMAILS.admin, PASSWORDS.admin) });
    const { list } = await again.call('getOrganizationInvitations', { orgId: 'alpha' });
    expect(list.map((invitation) => [invitation.email, invitation.expiresAt])).toEqual([['invited@alpha.test', resent.invitation.expiresAt]]);
  });

  it.each(INVALID)('refuses to start with $name, naming $path', async ({ path, change }) => {
    const seed = cloneSeed();
    change(seed);
    const failure = await startTestServer({ engine, seed }).then(
      async (server) => {
        await server.close();
        return null;
      },
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SeedError);
    const problems = (failure as SeedError).problems;
    expect(problems.some((problem) => problem.startsWith(`${path}: `)), problems.join('\n')).toBe(true);
    expect((failure as SeedError).message).toContain(path);
  });
});
