import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { ScimSettings } from '../../shared/protocol/scim-schemas';
import { actorLabel, recordAdminAudit, type AdminActor } from '../audit/audit-log';
import { sha256 } from '../auth/one-time-codes';
import type { Db } from '../db/client';
import { organizations, scimTokens } from '../db/schema';
import { lockOrganization, type OrganizationRow } from '../organizations/organization';
import type { Services } from '../services';

/** A token: a recognizable prefix (secret scanners), then 32 random bytes, base64url. Shown once; only its sha256 is kept. */
const TOKEN_PREFIX = 'spscim_';
const newToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** Where an organization's directory sends its requests. */
export const scimBaseUrl = (publicUrl: string, orgId: string) => `${publicUrl.replace(/\/$/, '')}/scim/v2/${orgId}`;

/** The SCIM base URL and the token in force, as the console shows them. */
export async function scimSettings(db: Db, publicUrl: string, org: OrganizationRow): Promise<ScimSettings> {
  const [row] = await db.select().from(scimTokens).where(eq(scimTokens.organizationId, org.id));
  return {
    baseUrl: scimBaseUrl(publicUrl, org.orgId),
    token: row ? { hint: row.hint, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy, lastUsedAt: row.lastUsedAt?.toISOString() ?? null } : null,
  };
}

/** Issues the organization's token, replacing the one in force (which stops working when this commits); audited. */
export async function issueScimToken({ db, config }: Pick<Services, 'db' | 'config'>, organization: OrganizationRow, actor: AdminActor) {
  const token = newToken();
  const hint = token.slice(-4);
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const [previous] = await tx.select({ hint: scimTokens.hint }).from(scimTokens).where(eq(scimTokens.organizationId, org.id));
    const values = { tokenHash: sha256(token), hint, createdBy: actorLabel(actor), lastUsedAt: null, createdAt: sql`now()`, updatedAt: sql`now()` };
    await tx
      .insert(scimTokens)
      .values({ organizationId: org.id, ...values })
      .onConflictDoUpdate({ target: scimTokens.organizationId, set: values });
    await recordAdminAudit(tx, org.id, actor, { kind: 'scim-token-issued', subject: `…${hint}`, detail: previous ? `replaces token …${previous.hint}` : null });
  });
  return { token, settings: await scimSettings(db, config.publicUrl, organization) };
}

/** Revokes the organization's token (404 when there is none); audited. */
export async function revokeScimToken({ db }: Pick<Services, 'db'>, organization: OrganizationRow, actor: AdminActor): Promise<void> {
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const [revoked] = await tx.delete(scimTokens).where(eq(scimTokens.organizationId, org.id)).returning({ hint: scimTokens.hint });
    if (!revoked) throw new CallError(ERROR_CODES.NOT_FOUND, `${org.company} has no SCIM token to revoke.`);
    await recordAdminAudit(tx, org.id, actor, { kind: 'scim-token-revoked', subject: `…${revoked.hint}` });
  });
}

/** Whose a bearer token is: the organization and the token's hint, or null for a token that is not (or no longer) one. */
export async function tokenOwner(db: Db, bearer: string): Promise<{ org: OrganizationRow; tokenId: string; hint: string } | null> {
  if (!bearer.startsWith(TOKEN_PREFIX) || bearer.length > 200) return null;
  const [row] = await db
    .select({ org: organizations, tokenId: scimTokens.id, hint: scimTokens.hint })
    .from(scimTokens)
    .innerJoin(organizations, eq(organizations.id, scimTokens.organizationId))
    .where(eq(scimTokens.tokenHash, sha256(bearer)));
  return row ?? null;
}

/** Notes the token's use, at most once a minute (one conditional update). */
export async function touchToken(db: Db, tokenId: string): Promise<void> {
  await db
    .update(scimTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(scimTokens.id, tokenId), sql`(${scimTokens.lastUsedAt} IS NULL OR ${scimTokens.lastUsedAt} < now() - interval '1 minute')`));
}
