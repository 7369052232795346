import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oauthClients, oauthConsents, oidcModels } from '../db/schema';

/** What a client is to the consent step: a suite app (first party) never asks; any other app asks once per user. */
export async function clientIsFirstParty(db: Db, clientId: string): Promise<boolean> {
  const [row] = await db.select({ firstParty: oauthClients.firstParty }).from(oauthClients).where(eq(oauthClients.clientId, clientId));
  return row?.firstParty ?? false;
}

/**
 * Whether `userId` must be asked before `clientId` gets `scopes`: never for a suite app; for any other app, unless a
 * consent of this user to this app already covers every scope (an app asking for more asks again).
 */
export async function needsConsent(db: Db, userId: string, clientId: string, scopes: readonly string[]): Promise<boolean> {
  const [row] = await db
    .select({ firstParty: oauthClients.firstParty, consented: oauthConsents.scopes })
    .from(oauthClients)
    .leftJoin(oauthConsents, and(eq(oauthConsents.clientId, oauthClients.clientId), eq(oauthConsents.userId, userId)))
    .where(eq(oauthClients.clientId, clientId));
  if (!row || row.firstParty) return false;
  const consented = new Set(row.consented ?? []);
  return row.consented === null || scopes.some((scope) => !consented.has(scope));
}

/** The user allowed the app these scopes: remembered (together with any it had before). */
export async function rememberConsent(db: Db, userId: string, clientId: string, scopes: readonly string[]): Promise<void> {
  await db
    .insert(oauthConsents)
    .values({ userId, clientId, scopes: [...new Set(scopes)] })
    .onConflictDoUpdate({
      target: [oauthConsents.userId, oauthConsents.clientId],
      // The union of what was allowed before and now, as a jsonb array without repeats.
      set: { scopes: sql`(SELECT coalesce(jsonb_agg(DISTINCT s), '[]'::jsonb) FROM jsonb_array_elements_text(${oauthConsents.scopes} || excluded.scopes) AS s)`, updatedAt: sql`now()` },
    });
}

/** The third-party apps a user allowed (the security center's Connected apps), most recent first. */
export async function connectedApps(db: Db, userId: string) {
  return db
    .select({ clientId: oauthClients.clientId, name: oauthClients.name, logoUrl: oauthClients.logoUrl, scopes: oauthConsents.scopes, allowedAt: oauthConsents.updatedAt })
    .from(oauthConsents)
    .innerJoin(oauthClients, eq(oauthClients.clientId, oauthConsents.clientId))
    .where(eq(oauthConsents.userId, userId))
    .orderBy(sql`${oauthConsents.updatedAt} DESC`, oauthClients.name)
    .limit(200);
}

/**
 * Takes back a user's consent to an app: the next sign-in asks again, and everything the app holds for this user
 * (grants, codes, access and refresh tokens) is revoked, in one transaction. False when there was no consent.
 */
export async function revokeConsent(db: Db, userId: string, clientId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(oauthConsents)
      .where(and(eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, clientId)))
      .returning({ clientId: oauthConsents.clientId });
    if (removed.length === 0) return false;
    const grants = tx
      .select({ id: oidcModels.id })
      .from(oidcModels)
      .where(and(eq(oidcModels.kind, 'Grant'), sql`${oidcModels.payload}->>'accountId' = ${userId}`, sql`${oidcModels.payload}->>'clientId' = ${clientId}`));
    const ids = (await grants).map((grant) => grant.id);
    if (ids.length > 0) {
      await tx.delete(oidcModels).where(inArray(oidcModels.grantId, ids));
      await tx.delete(oidcModels).where(and(eq(oidcModels.kind, 'Grant'), inArray(oidcModels.id, ids)));
    }
    return true;
  });
}
