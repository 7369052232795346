import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { organizationDomains } from '../../src/server/db/schema';
import type { DomainSummary } from '../../src/shared/protocol/domain-schemas';
import { startDnsServer } from '../dns-server';
import { adminSeed, auditOf, person, signedIn } from './fixtures/admin-seed';
import { describeEngines, useTestServer, resetLimits } from './harness';

// Verified domains (issue 25): an admin claims a domain, publishes the TXT record the console shows, and the portal
// looks it up through its own resolver (DNS_SERVERS: here a dns2 server started by the test). A domain is verified by
// one organization at most; every check, failed or not, is in the organization's audit.

const dns = await startDnsServer();
afterAll(() => dns.close());

const ADA = 'ada.admin@acme.test';
const REX = 'rex.rival@rival.test';
const seed = adminSeed({
  users: [person(ADA, [{ orgId: 'acme', role: 'admin' }]), person(REX, [{ orgId: 'rival', role: 'admin' }]), person('mo.member@acme.test', [{ orgId: 'acme', role: 'member', productAccess: ['hrms'] }])],
});
const ADA_LABEL = 'Ada Admin (ada.admin@acme.test)';

/** Publishes a claim's TXT record (beside whatever the name has already). */
const publish = (domain: DomainSummary, extra: string[] = []) => dns.txt.set(domain.record.name, [...extra, ...(dns.txt.get(domain.record.name) ?? []), domain.record.value]);

describeEngines('admin console: verified domains', (engine) => {
  const app = useTestServer(engine, seed, () => ({ DNS_SERVERS: dns.address }));
  const db = () => app().server.database.db;
  beforeEach(async () => {
    await resetLimits(app());
    dns.txt.clear();
    dns.failing.clear();
  });
  const domainRows = () => db().select().from(organizationDomains);

  it('refuses a domain that is not one (naming the field), a public suffix, and a member, writing nothing', async () => {
    const ada = await signedIn(app(), ADA);
    for (const typed of ['https://acme.example', '*.acme.example', '10.0.0.1', 'localhost', 'ada@acme.example']) {
      expect(await ada.emit('claimDomain', { orgId: 'acme', domain: typed }), typed).toMatchObject({
        code: 400,
        error: expect.stringMatching(/^domain: Enter a domain name such as example\.com/),
        data: { fields: ['domain'] },
      });
    }
    for (const suffix of ['co.uk', 'github.io']) {
      expect(await ada.emit('claimDomain', { orgId: 'acme', domain: suffix }), suffix).toMatchObject({
        code: 400,
        error: `${suffix} is a public suffix, shared by many owners: claim your own domain under it (such as yourcompany.${suffix}).`,
        data: { fields: ['domain'] },
      });
    }
    const member = await signedIn(app(), 'mo.member@acme.test');
    expect(await member.emit('claimDomain', { orgId: 'acme', domain: 'acme.example' })).toMatchObject({ code: 403 });
    expect(await member.emit('getOrganizationDomains', { orgId: 'acme' })).toMatchObject({ code: 403 });
    expect(await domainRows()).toEqual([]);
    expect((await auditOf(ada, 'acme')).filter((entry) => entry.kind.startsWith('domain-'))).toEqual([]);
  });

  it('keeps a claim pending while its TXT record is missing, wrong or DNS unreachable, then verifies it; each check audited', async () => {
    const ada = await signedIn(app(), ADA);
    const { domain } = await ada.call('claimDomain', { orgId: 'acme', domain: ' Bücher.Acme.EXAMPLE. ' });
    expect(domain).toMatchObject({
      domain: 'xn--bcher-kva.acme.example',
      displayName: 'bücher.acme.example',
      status: 'pending',
      record: { name: '_suite-portal-verification.xn--bcher-kva.acme.example', value: expect.stringMatching(/^suite-portal-verification=[A-Za-z0-9_-]{32}$/) },
      lastFailure: null,
    });
    expect(await ada.emit('claimDomain', { orgId: 'acme', domain: 'bücher.acme.example' })).toMatchObject({ code: 409, error: 'xn--bcher-kva.acme.example is claimed by Acme Console already.' });
    const check = () => ada.emit('verifyDomain', { orgId: 'acme', domain: domain.domain });

    expect(await check()).toMatchObject({ code: 409, error: `No TXT record was found at ${domain.record.name}. Publish it at your DNS provider, wait a few minutes for it to spread, then check again.` });
    dns.txt.set(domain.record.name, ['v=spf1 -all', 'suite-portal-verification=an-old-token']);
    expect(await check()).toMatchObject({ code: 409, error: expect.stringMatching(/^The TXT record at _suite-portal-verification\.xn--bcher-kva\.acme\.example does not have this claim's value/) });
    dns.failing.add(domain.record.name);
    expect(await check()).toMatchObject({ code: 409, error: 'DNS could not be reached to check xn--bcher-kva.acme.example. Nothing was changed: try again in a few minutes.' });
    const { list: pending } = await ada.call('getOrganizationDomains', { orgId: 'acme' });
    expect(pending).toEqual([expect.objectContaining({ domain: domain.domain, status: 'pending', lastFailure: 'dns-unreachable', lastCheckedAt: expect.any(String), verifiedAt: null })]);

    dns.failing.clear();
    publish(domain);
    const verified = await ada.call('verifyDomain', { orgId: 'acme', domain: domain.domain });
    expect(verified.domain).toMatchObject({ status: 'verified', verifiedAt: expect.any(String), lastFailure: null });
    // Checking a verified domain again changes nothing.
    expect((await ada.call('verifyDomain', { orgId: 'acme', domain: domain.domain })).domain).toEqual(verified.domain);

    const audit = (await auditOf(ada, 'acme')).filter((entry) => entry.kind.startsWith('domain-'));
    expect(audit.reverse()).toEqual([
      { kind: 'domain-claimed', actor: ADA_LABEL, member: domain.domain, detail: `TXT record to publish at ${domain.record.name}` },
      { kind: 'domain-verification-failed', actor: ADA_LABEL, member: domain.domain, detail: 'TXT record not found' },
      { kind: 'domain-verification-failed', actor: ADA_LABEL, member: domain.domain, detail: 'TXT record found with another value' },
      { kind: 'domain-verification-failed', actor: ADA_LABEL, member: domain.domain, detail: 'DNS not reachable (ESERVFAIL)' },
      { kind: 'domain-verified', actor: ADA_LABEL, member: domain.domain, detail: `TXT record found at ${domain.record.name}` },
    ]);
  });

  it('keeps a verified domain to its organization: another can neither verify nor claim it until it is removed', async () => {
    const [ada, rex] = await Promise.all([signedIn(app(), ADA), signedIn(app(), REX)]);
    const ours = (await ada.call('claimDomain', { orgId: 'acme', domain: 'shared.example' })).domain;
    const theirs = (await rex.call('claimDomain', { orgId: 'rival', domain: 'shared.example' })).domain;
    expect(theirs.record.value).not.toBe(ours.record.value);
    publish(ours);
    publish(theirs);
    await ada.call('verifyDomain', { orgId: 'acme', domain: 'shared.example' });

    expect(await rex.emit('verifyDomain', { orgId: 'rival', domain: 'shared.example' })).toMatchObject({ code: 409, error: 'shared.example is already verified by another organization.' });
    expect((await rex.call('getOrganizationDomains', { orgId: 'rival' })).list).toEqual([expect.objectContaining({ status: 'pending', lastFailure: 'verified-elsewhere' })]);
    expect((await auditOf(rex, 'rival')).find((entry) => entry.kind === 'domain-verification-failed')).toMatchObject({ member: 'shared.example', detail: 'already verified by another organization' });
    await rex.call('removeDomain', { orgId: 'rival', domain: 'shared.example' });
    expect(await rex.emit('claimDomain', { orgId: 'rival', domain: 'shared.example' })).toMatchObject({ code: 409, error: 'shared.example is already verified by another organization.' });
    expect(await rex.emit('removeDomain', { orgId: 'rival', domain: 'shared.example' })).toMatchObject({ code: 404, error: 'shared.example is not claimed by Rival Console.' });

    // Removed by its organization, the domain is free: the other one claims it again (a new token) and verifies it.
    await ada.call('removeDomain', { orgId: 'acme', domain: 'shared.example' });
    expect((await auditOf(ada, 'acme'))[0]).toMatchObject({ kind: 'domain-removed', member: 'shared.example', detail: 'was verified' });
    const again = (await rex.call('claimDomain', { orgId: 'rival', domain: 'shared.example' })).domain;
    expect(again.record.value).not.toBe(theirs.record.value);
    publish(again);
    expect((await rex.call('verifyDomain', { orgId: 'rival', domain: 'shared.example' })).domain.status).toBe('verified');
  });

  it('lets exactly one of 100 parallel checks across two organizations win the domain', async () => {
    // Two connections per admin: a connection may send 50 calls in 5 seconds.
    const acme = await Promise.all([signedIn(app(), ADA), signedIn(app(), ADA)]);
    const rival = await Promise.all([signedIn(app(), REX), signedIn(app(), REX)]);
    publish((await acme[0]!.call('claimDomain', { orgId: 'acme', domain: 'race.example' })).domain);
    publish((await rival[0]!.call('claimDomain', { orgId: 'rival', domain: 'race.example' })).domain);

    const calls = Array.from({ length: 100 }, (_, i) => {
      const [sockets, orgId] = i % 2 === 0 ? [acme, 'acme'] : [rival, 'rival'];
      return sockets[Math.floor(i / 2) % 2]!.emit('verifyDomain', { orgId, domain: 'race.example' }).then((reply) => ({ orgId, code: reply.code, error: reply.error }));
    });
    const replies = await Promise.all(calls);
    const winners = await db()
      .select({ organizationId: organizationDomains.organizationId })
      .from(organizationDomains)
      .where(and(eq(organizationDomains.domain, 'race.example'), isNotNull(organizationDomains.verifiedAt)));
    expect(winners).toHaveLength(1);
    const winner = replies.find((reply) => reply.code === 200)!.orgId;
    // The other organization's checks are taken after the winner's (a lock on the name), each told why.
    for (const reply of replies) {
      expect(reply).toEqual(reply.orgId === winner ? { orgId: winner, code: 200, error: null } : { orgId: reply.orgId, code: 409, error: 'race.example is already verified by another organization.' });
    }
    const verifiedLines = [...(await auditOf(acme[0]!, 'acme')), ...(await auditOf(rival[0]!, 'rival'))].filter((entry) => entry.kind === 'domain-verified' && entry.member === 'race.example');
    expect(verifiedLines).toHaveLength(1);
  });
});
