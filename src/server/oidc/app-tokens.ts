import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import { ADMIN_API_SCOPE } from '../../shared/protocol/admin-schemas';
import type { Db } from '../db/client';
import { oauthClients, organizations } from '../db/schema';

/** The app an admin API call comes from: an organization's confidential app, by its client-credentials token. */
export interface AppCaller {
  clientId: string;
  name: string;
  organization: typeof organizations.$inferSelect;
}

/** Why a token does not let its bearer use the admin API. */
export type AppTokenCheck = { kind: 'ok'; app: AppCaller } | { kind: 'invalid' } | { kind: 'insufficient-scope' };

/**
 * Checks an access token of the admin API: issued by the portal's own provider with the client-credentials grant
 * (an access token a user's sign-in gave an app never passes, whatever its scopes), not expired or revoked, carrying
 * `org:admin`, for an app that an organization registered and has not turned off. The organization is the app's own:
 * a token is bound to it.
 */
export function appTokenChecker(db: Db, provider: Provider): (token: string) => Promise<AppTokenCheck> {
  return async (token) => {
    const found = await provider.ClientCredentials.find(token);
    if (!found?.clientId) return { kind: 'invalid' };
    const [row] = await db
      .select({ clientId: oauthClients.clientId, name: oauthClients.name, organization: organizations })
      .from(oauthClients)
      .innerJoin(organizations, eq(organizations.id, oauthClients.organizationId))
      .where(and(eq(oauthClients.clientId, found.clientId), isNull(oauthClients.disabledAt), isNotNull(oauthClients.organizationId)));
    if (!row) return { kind: 'invalid' };
    const scopes = new Set(String(found.scope ?? '').split(' '));
    if (!scopes.has(ADMIN_API_SCOPE)) return { kind: 'insufficient-scope' };
    return { kind: 'ok', app: row };
  };
}
