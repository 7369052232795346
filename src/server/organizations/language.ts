import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { isLanguage, LANGUAGES, type Language } from '../../shared/i18n/languages';
import { OrgIdSchema } from '../../shared/validation/fields';
import { recordAdminAudit, type AdminActor } from '../audit/audit-log';
import type { Db } from '../db/client';
import { organizations } from '../db/schema';
import type { Services } from '../services';
import { lockOrganization, type OrganizationRow } from './organization';

/** The organization's language as the audit names it: the language's own name and its code, or the browser's. */
const languageWords = (language: Language | null) => (language === null ? "the visitor's browser" : `${LANGUAGES[language]} (${language})`);

/**
 * Sets the language of the organization's signed-out pages (/{orgId}/login and the rest, issue 26) for a visitor who
 * chose none; null follows the visitor's browser. One transaction with its audit line (none when nothing changed).
 * The contract has already refused a language the portal does not offer (UpdateOrganizationLanguageSchema).
 */
export async function updateOrganizationLanguage(
  { db }: Pick<Services, 'db'>,
  organization: OrganizationRow,
  actor: AdminActor,
  input: { language: Language | null },
): Promise<OrganizationRow> {
  return db.transaction(async (tx) => {
    const current = await lockOrganization(tx, organization.id, actor);
    const before = isLanguage(current.language) ? current.language : null;
    if (before === input.language) return current;
    const [org] = await tx.update(organizations).set({ language: input.language, updatedAt: sql`now()` }).where(eq(organizations.id, current.id)).returning();
    await recordAdminAudit(tx, current.id, actor, { kind: 'organization-language-changed', detail: `${languageWords(before)} → ${languageWords(input.language)}` });
    return org!;
  });
}

/** How many organizations' languages the page keeps (an unknown orgId's "none" included), and for how long at most. */
const MAX_ENTRIES = 5_000;
const TTL_MS = 60_000;

/**
 * The organization's language for the pages the server makes (http/portal-page.ts), by its orgId: kept in memory,
 * since every navigation to /{orgId}/login… asks. An answer is forgotten the moment any organization changes, on
 * every instance (the `portal_changes` notifications, through AccountCache.onOrganizationChanged), so a setting saved
 * in the console shows on the next page load; the TTL is only a safety net. An unknown orgId is kept as "none" too (a
 * later organization of that orgId starts without a language, so the answer stays right), and an orgId the portal
 * could never have costs no query. Calls that miss the same orgId at once share one query; a change while it runs
 * keeps its answer out of the cache. A failed query answers "none": the page is then in the browser's language.
 */
export class OrganizationLanguages {
  private readonly entries = new LRUCache<string, { language: Language | null }>({ max: MAX_ENTRIES, ttl: TTL_MS });
  private readonly inFlight = new Map<string, Promise<Language | null>>();
  private generation = 0;
  queries = 0;

  constructor(private readonly db: Db) {}

  async of(orgId: string): Promise<Language | null> {
    if (OrgIdSchema.safeParse(orgId).data !== orgId) return null;
    const cached = this.entries.get(orgId);
    if (cached) return cached.language;
    const joined = this.inFlight.get(orgId);
    if (joined) return joined;
    const generation = this.generation;
    const loading = this.load(orgId)
      .then((language) => {
        if (this.generation === generation) this.entries.set(orgId, { language });
        return language;
      }, () => null)
      .finally(() => {
        if (this.inFlight.get(orgId) === loading) this.inFlight.delete(orgId);
      });
    this.inFlight.set(orgId, loading);
    return loading;
  }

  /** Some organization changed (or the notifications were interrupted): every answer is asked again. */
  forget(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  private async load(orgId: string): Promise<Language | null> {
    this.queries += 1;
    const [row] = await this.db.select({ language: organizations.language }).from(organizations).where(eq(organizations.orgId, orgId));
    return isLanguage(row?.language) ? row.language : null;
  }
}
