import * as z from 'zod';
import { DomainNameSchema } from '../validation/domain-name';
import { OrgIdSchema } from '../validation/fields';
import { instant } from './security-schemas';

/**
 * The admin console's verified domains (issue 25): an organization claims a domain, publishes a TXT record, and the
 * portal checks it. Part of the admin contract (`ADMIN_EVENTS`), kept out of /login's bundle like the rest of it.
 */

/** Where the TXT record goes: under its own label, so it sits beside the domain's other TXT records (SPF…) unharmed. */
export const DOMAIN_RECORD_LABEL = '_suite-portal-verification';
/** The TXT record's value before the claim's token. */
export const DOMAIN_RECORD_PREFIX = 'suite-portal-verification=';

/** The TXT record that proves a claim: its full name and its value. */
export const domainRecord = (domain: string, token: string) => ({ name: `${DOMAIN_RECORD_LABEL}.${domain}`, value: `${DOMAIN_RECORD_PREFIX}${token}` });

/** Why the last check of a claim failed. */
export const DomainFailureSchema = z.enum(['record-not-found', 'wrong-value', 'dns-unreachable', 'verified-elsewhere']);
export type DomainFailure = z.infer<typeof DomainFailureSchema>;

/** Each failure in plain words, for the refusal and for the console's status. */
export const DOMAIN_FAILURE_MESSAGES: Record<DomainFailure, (record: string, domain: string) => string> = {
  'record-not-found': (record) => `No TXT record was found at ${record}. Publish it at your DNS provider, wait a few minutes for it to spread, then check again.`,
  'wrong-value': (record) => `The TXT record at ${record} does not have this claim's value. Copy the value shown here again: a domain removed and added again gets a new one.`,
  'dns-unreachable': (_record, domain) => `DNS could not be reached to check ${domain}. Nothing was changed: try again in a few minutes.`,
  'verified-elsewhere': (_record, domain) => `${domain} is already verified by another organization.`,
};

/** A claimed domain as the console lists it. */
export const DomainSummarySchema = z.object({
  /** Lower case, punycode for an internationalized name. */
  domain: z.string(),
  /** The same name in its own script, as people read it (equal to `domain` for an ASCII name). */
  displayName: z.string(),
  status: z.enum(['pending', 'verified']),
  /** The TXT record to publish. */
  record: z.object({ name: z.string(), value: z.string() }),
  verifiedAt: instant.nullable(),
  lastCheckedAt: instant.nullable(),
  /** Why the last check failed, while the domain is pending; null before any check. */
  lastFailure: DomainFailureSchema.nullable(),
  createdAt: instant,
});
export type DomainSummary = z.infer<typeof DomainSummarySchema>;

/** A domain to claim, as typed: normalized by the schema (`normalizeDomain`). */
export const ClaimDomainSchema = z.object({ orgId: OrgIdSchema, domain: DomainNameSchema });
/** One of the organization's claimed domains. */
export const DomainRefSchema = ClaimDomainSchema;
