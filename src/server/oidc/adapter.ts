import { and, eq, isNull, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';
import { ADMIN_API_SCOPE } from '../../shared/protocol/admin-schemas';
import { oauthClients, oidcModels, organizations } from '../db/schema';

/** The one client authentication method of a confidential client; a public one uses none (and PKCE). */
const SECRET_METHOD = 'client_secret_basic';

/**
 * A client (of the seed, or an organization's app) as oidc-provider's client metadata; nothing for one turned off, so
 * it signs nobody in and every token it was given fails. A confidential client's `client_secret` is the sha256 of its
 * secret; `provider.ts` compares an offered secret's hash with it. A confidential client allowed the admin API (scope
 * org:admin) may also use the client-credentials grant.
 */
export async function findClientMetadata(db: Db, clientId: string): Promise<AdapterPayload | undefined> {
  const [row] = await db.select().from(oauthClients).where(and(eq(oauthClients.clientId, clientId), isNull(oauthClients.disabledAt)));
  if (!row) return undefined;
  const apiAccess = row.secretHash !== null && row.scopes.includes(ADMIN_API_SCOPE);
  return {
    client_id: row.clientId,
    client_name: row.name,
    redirect_uris: row.redirectUris,
    post_logout_redirect_uris: row.postLogoutRedirectUris,
    grant_types: ['authorization_code', 'refresh_token', ...(apiAccess ? ['client_credentials'] : [])],
    response_types: ['code'],
    scope: row.scopes.join(' '),
    ...(row.backchannelLogoutUri ? { backchannel_logout_uri: row.backchannelLogoutUri, backchannel_logout_session_required: false } : {}),
    ...(row.secretHash ? { client_secret: row.secretHash, token_endpoint_auth_method: SECRET_METHOD } : { token_endpoint_auth_method: 'none' }),
  } as AdapterPayload;
}

/** A registered app's name and logo (a URL or a path on the portal) for the Authorize screen; null when unknown or turned off. */
export async function findClientAppInfo(db: Db, clientId: string): Promise<{ name: string; logoUrl: string | null } | null> {
  const [row] = await db
    .select({ name: oauthClients.name, logoUrl: oauthClients.logoUrl })
    .from(oauthClients)
    .where(and(eq(oauthClients.clientId, clientId), isNull(oauthClients.disabledAt)));
  return row ?? null;
}

/** The organization (its orgId) an app was registered by; null for the deployment's own apps (the seed) and unknown ones. */
export async function clientOrganization(db: Db, clientId: string): Promise<string | null> {
  const [row] = await db
    .select({ orgId: organizations.orgId })
    .from(oauthClients)
    .innerJoin(organizations, eq(organizations.id, oauthClients.organizationId))
    .where(eq(oauthClients.clientId, clientId));
  return row?.orgId ?? null;
}

/**
 * Deletes everything the provider keeps for a client (grants, codes, access and refresh tokens, client-credentials
 * tokens: each stores its `clientId`), when the app is turned off or deleted: every token it was given stops working.
 */
export async function deleteClientModels(db: Db, clientId: string): Promise<void> {
  await db.delete(oidcModels).where(sql`${oidcModels.payload}->>'clientId' = ${clientId}`);
}

/**
 * oidc-provider's storage in our database (`oidc_models`), so every instance sees the same codes, tokens, grants,
 * sessions and interactions. Clients are read from `oauth_clients` (the seed). Consuming is a conditional update:
 * of a hundred requests with one code (or refresh token) at once, one wins; the others are refused with
 * invalid_grant and, as for a replay, everything the grant issued is revoked.
 */
export function databaseAdapter(db: Db) {
  return class DatabaseAdapter implements Adapter {
    constructor(readonly name: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? sql`now() + make_interval(secs => ${expiresIn})` : null;
      const values = {
        kind: this.name,
        id,
        payload,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt,
      };
      await db
        .insert(oidcModels)
        .values(values as typeof oidcModels.$inferInsert)
        .onConflictDoUpdate({ target: [oidcModels.kind, oidcModels.id], set: { payload, grantId: values.grantId, uid: values.uid, userCode: values.userCode, expiresAt } as never });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.name === 'Client') return findClientMetadata(db, id);
      return this.findWhere(eq(oidcModels.id, id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcModels.uid, uid));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcModels.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      const won = await db
        .update(oidcModels)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcModels.kind, this.name), eq(oidcModels.id, id), isNull(oidcModels.consumedAt)))
        .returning({ grantId: oidcModels.grantId });
      if (won.length === 1) return;
      // Someone consumed it first (the same code sent twice at once): a replay, with the replay's consequence.
      const [row] = await db.select({ grantId: oidcModels.grantId }).from(oidcModels).where(and(eq(oidcModels.kind, this.name), eq(oidcModels.id, id)));
      if (row?.grantId) await this.revokeByGrantId(row.grantId);
      throw new errors.InvalidGrant('grant source already consumed');
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcModels).where(and(eq(oidcModels.kind, this.name), eq(oidcModels.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // Everything the grant issued, whatever its kind: codes, access and refresh tokens, and the grant itself.
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
      await db.delete(oidcModels).where(and(eq(oidcModels.kind, 'Grant'), eq(oidcModels.id, grantId)));
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
        .from(oidcModels)
        .where(and(eq(oidcModels.kind, this.name), condition, sql`(${oidcModels.expiresAt} IS NULL OR ${oidcModels.expiresAt} > now())`));
      if (!row) return undefined;
      return { ...(row.payload as AdapterPayload), ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
    }
  };
}

/** Marks an authorization code used (a failed PKCE check): any later exchange of it is a replay. */
export async function consumeAuthorizationCode(db: Db, code: string): Promise<void> {
  await db
    .update(oidcModels)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oidcModels.kind, 'AuthorizationCode'), eq(oidcModels.id, code), isNull(oidcModels.consumedAt)));
}

/** The organization a grant was given for (the `org_id` claim), kept beside the grant's row. */
export async function setGrantOrganization(db: Db, grantId: string, orgId: string | null): Promise<void> {
  await db.update(oidcModels).set({ orgId }).where(and(eq(oidcModels.kind, 'Grant'), eq(oidcModels.id, grantId)));
}

export async function grantOrganization(db: Db, grantId: string): Promise<string | null> {
  const [row] = await db.select({ orgId: oidcModels.orgId }).from(oidcModels).where(and(eq(oidcModels.kind, 'Grant'), eq(oidcModels.id, grantId)));
  return row?.orgId ?? null;
}

/** Rows past their expiry are of no use to anyone: deleted now and then by one statement. */
export async function deleteExpiredModels(db: Db): Promise<void> {
  await db.delete(oidcModels).where(sql`${oidcModels.expiresAt} < now() - interval '1 hour'`);
}
