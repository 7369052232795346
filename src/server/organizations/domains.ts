import { randomBytes } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import { and, asc, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { getPublicSuffix } from 'tldts';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { DOMAIN_FAILURE_MESSAGES, DOMAIN_RECORD_PREFIX, domainRecord, type DomainFailure, type DomainSummary } from '../../shared/protocol/domain-schemas';
import { recordAdminAudit, type AdminActor } from '../audit/audit-log';
import type { Db } from '../db/client';
import { organizationDomains } from '../db/schema';
import type { Services } from '../services';
import type { TxtResolver } from './domain-dns';
import { lockOrganization, type OrganizationRow } from './organization';

type DomainRow = typeof organizationDomains.$inferSelect;

/** At most this many domains (pending or verified) per organization. */
export const DOMAINS_PER_ORGANIZATION = 20;

const VERIFIED_ELSEWHERE = (domain: string) => DOMAIN_FAILURE_MESSAGES['verified-elsewhere']('', domain);

/** A claim as the console lists it, with the TXT record to publish. */
export function toDomainSummary(row: DomainRow): DomainSummary {
  return {
    domain: row.domain,
    displayName: domainToUnicode(row.domain) || row.domain,
    status: row.verifiedAt ? 'verified' : 'pending',
    record: domainRecord(row.domain, row.token),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastFailure: row.verifiedAt ? null : (row.lastFailure as DomainFailure | null),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The organization's claimed domains, by name. */
export async function listDomains(db: Db, org: OrganizationRow): Promise<DomainSummary[]> {
  const rows = await db.select().from(organizationDomains).where(eq(organizationDomains.organizationId, org.id)).orderBy(asc(organizationDomains.domain));
  return rows.map(toDomainSummary);
}

/** One claim of this organization (locked for the change when `forUpdate`); 404 when it has none of that name. */
async function claimOf(tx: Db, org: OrganizationRow, domain: string): Promise<DomainRow> {
  const [row] = await tx
    .select()
    .from(organizationDomains)
    .where(and(eq(organizationDomains.organizationId, org.id), eq(organizationDomains.domain, domain)))
    .for('update');
  if (!row) throw new CallError(ERROR_CODES.NOT_FOUND, `${domain} is not claimed by ${org.company}.`, { fields: ['domain'] });
  return row;
}

/** Whether another organization holds `domain` verified. */
async function verifiedElsewhere(tx: Db, org: OrganizationRow, domain: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: organizationDomains.id })
    .from(organizationDomains)
    .where(and(eq(organizationDomains.domain, domain), isNotNull(organizationDomains.verifiedAt), ne(organizationDomains.organizationId, org.id)));
  return row !== undefined;
}

/**
 * Claims a domain (already normalized by the contract: lower case, punycode) for the organization, pending until its
 * TXT record is found. Refused, with nothing written: a public suffix itself (`co.uk`, `github.io`: the Public Suffix
 * List through tldts, private entries included), a domain another organization has verified, one this organization
 * has claimed already, or one domain too many.
 */
export async function claimDomain({ db }: Pick<Services, 'db'>, organization: OrganizationRow, actor: AdminActor, domain: string): Promise<DomainSummary> {
  if (getPublicSuffix(domain, { allowPrivateDomains: true }) === domain) {
    throw new CallError(ERROR_CODES.BAD_REQUEST, `${domain} is a public suffix, shared by many owners: claim your own domain under it (such as yourcompany.${domain}).`, { fields: ['domain'] });
  }
  return db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    if (await verifiedElsewhere(tx, org, domain)) throw new CallError(ERROR_CODES.CONFLICT, VERIFIED_ELSEWHERE(domain), { fields: ['domain'] });
    const [claimed] = await tx.select({ domains: count() }).from(organizationDomains).where(eq(organizationDomains.organizationId, org.id));
    if ((claimed?.domains ?? 0) >= DOMAINS_PER_ORGANIZATION) {
      throw new CallError(ERROR_CODES.CONFLICT, `${org.company} has ${DOMAINS_PER_ORGANIZATION} domains already: remove one before adding another.`, { fields: ['domain'] });
    }
    const [row] = await tx
      .insert(organizationDomains)
      .values({ organizationId: org.id, domain, token: randomBytes(24).toString('base64url') })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new CallError(ERROR_CODES.CONFLICT, `${domain} is claimed by ${org.company} already.`, { fields: ['domain'] });
    await recordAdminAudit(tx, org.id, actor, { kind: 'domain-claimed', subject: domain, detail: `TXT record to publish at ${domainRecord(domain, row.token).name}` });
    return toDomainSummary(row);
  });
}

/**
 * Looks the claim's TXT record up and, when it carries the claim's value, marks the domain verified. The lookup runs
 * before the transaction (no lock is held while DNS answers); then, under the organization's lock and a lock on the
 * domain's name (so two organizations verifying at once are taken one after the other, and the partial unique index
 * backs it), the first to verify wins. A failure is kept on the claim (the console shows why) and audited, then
 * refused with 409 saying why in plain words; an answer from a DNS that could not be reached changes nothing but the
 * audit and the claim's last check.
 */
export async function verifyDomain(
  { db }: Pick<Services, 'db'>,
  resolver: TxtResolver,
  organization: OrganizationRow,
  actor: AdminActor,
  domain: string,
): Promise<DomainSummary> {
  const [current] = await db
    .select()
    .from(organizationDomains)
    .where(and(eq(organizationDomains.organizationId, organization.id), eq(organizationDomains.domain, domain)));
  if (!current) throw new CallError(ERROR_CODES.NOT_FOUND, `${domain} is not claimed by ${organization.company}.`, { fields: ['domain'] });
  if (current.verifiedAt) return toDomainSummary(current);

  const record = domainRecord(domain, current.token);
  const answer = await resolver.lookup(record.name);
  const lookedUp: DomainFailure | null =
    answer.kind === 'unreachable'
      ? 'dns-unreachable'
      : answer.kind === 'none' || !answer.values.some((value) => value.startsWith(DOMAIN_RECORD_PREFIX))
        ? 'record-not-found'
        : answer.values.includes(record.value)
          ? null
          : 'wrong-value';

  const outcome = await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`domain:${domain}`}, 0))`);
    const claim = await claimOf(tx, org, domain);
    // Verified by a call that held the locks first, or removed and claimed again with another token meanwhile.
    if (claim.verifiedAt) return { row: claim, failure: null as DomainFailure | null };
    if (claim.token !== current.token) throw new CallError(ERROR_CODES.CONFLICT, `${domain} was claimed again meanwhile: publish its new TXT record, then check again.`);
    const failure: DomainFailure | null = lookedUp ?? ((await verifiedElsewhere(tx, org, domain)) ? 'verified-elsewhere' : null);
    const [row] = await tx
      .update(organizationDomains)
      .set(failure ? { lastCheckedAt: sql`now()`, lastFailure: failure, updatedAt: sql`now()` } : { verifiedAt: sql`now()`, lastCheckedAt: sql`now()`, lastFailure: null, updatedAt: sql`now()` })
      .where(eq(organizationDomains.id, claim.id))
      .returning();
    const detail = failure ? failureDetail(failure, answer) : `TXT record found at ${record.name}`;
    await recordAdminAudit(tx, org.id, actor, { kind: failure ? 'domain-verification-failed' : 'domain-verified', subject: domain, detail });
    return { row: row!, failure };
  });
  if (outcome.failure) throw new CallError(ERROR_CODES.CONFLICT, DOMAIN_FAILURE_MESSAGES[outcome.failure](record.name, domain), { fields: ['domain'] });
  return toDomainSummary(outcome.row);
}

/** A failed check in the audit's few words. */
function failureDetail(failure: DomainFailure, answer: Awaited<ReturnType<TxtResolver['lookup']>>): string {
  if (failure === 'dns-unreachable') return `DNS not reachable (${answer.kind === 'unreachable' ? answer.code : 'no answer'})`;
  if (failure === 'wrong-value') return 'TXT record found with another value';
  if (failure === 'verified-elsewhere') return 'already verified by another organization';
  return 'TXT record not found';
}

/** Removes a claimed domain, verified or pending; another organization may then verify it. */
export async function removeDomain({ db }: Pick<Services, 'db'>, organization: OrganizationRow, actor: AdminActor, domain: string): Promise<void> {
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const claim = await claimOf(tx, org, domain);
    await tx.delete(organizationDomains).where(eq(organizationDomains.id, claim.id));
    await recordAdminAudit(tx, org.id, actor, { kind: 'domain-removed', subject: domain, detail: claim.verifiedAt ? 'was verified' : 'was pending' });
  });
}
