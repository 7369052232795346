import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { Db } from '../db/client';
import { describeError, type Logger } from '../log';
import { oidcModels } from '../db/schema';

/** How long an app has to answer a logout token (oidc-provider's own back-channel timeout). */
const LOGOUT_TIMEOUT_MS = 2500;

/** OpenID Back-Channel Logout 1.0 §2.4: the event a logout token carries. */
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** A grant made with a portal session: the portal session is kept beside it (`session_id`), like its organization. */
export async function setGrantSession(db: Db, grantId: string, sessionId: string): Promise<void> {
  await db.update(oidcModels).set({ sessionId }).where(and(eq(oidcModels.kind, 'Grant'), eq(oidcModels.id, grantId)));
}

/**
 * A portal session ended (logout, "sign out" of another session or of all others, a password change, an admin's
 * removal: whatever revoked it, on whichever instance; the database announces it to every instance). The grants made
 * with it are claimed by one conditional update, so one instance alone tells each app; every app among them that
 * registered a back-channel logout URI gets a logout token (signed by the provider's keys, `sub` = the user) POSTed.
 * A failing app is logged; it does not hold the others up.
 */
export async function sendBackchannelLogouts(db: Db, provider: Provider, log: Logger, sessionId: string): Promise<void> {
  const claimed = await db
    .update(oidcModels)
    .set({ sessionId: null })
    .where(and(eq(oidcModels.kind, 'Grant'), eq(oidcModels.sessionId, sessionId), isNotNull(oidcModels.sessionId)))
    .returning({ accountId: sql<string>`${oidcModels.payload}->>'accountId'`, clientId: sql<string>`${oidcModels.payload}->>'clientId'` });
  const pairs = new Map(claimed.map((grant) => [`${grant.clientId}\u0000${grant.accountId}`, grant]));
  await Promise.all(
    [...pairs.values()].map(async ({ clientId, accountId }) => {
      try {
        const sent = await sendLogoutToken(provider, clientId, accountId);
        if (sent) log.info('oidc.backchannel-logout', { clientId, userId: accountId });
      } catch (error) {
        log.warn('oidc.backchannel-logout-failed', { clientId, userId: accountId, ...describeError(error) });
      }
    }),
  );
}

/**
 * One logout token to one app, as oidc-provider's own `Client#backchannelLogout` builds it (an IdToken of the client
 * with `events` and `jti`, `use: 'logout'`), sent with Node's fetch so that a suite app on the company's own network
 * is reachable (oidc-provider's fetch refuses private addresses). The URI comes from the deployment's seed or from an
 * organization's admin (the console's Apps), both checked by BackchannelLogoutUriSchema; the request is a POST of the
 * token alone, follows no redirect and its answer is only logged.
 */
async function sendLogoutToken(provider: Provider, clientId: string, accountId: string): Promise<boolean> {
  const client = await provider.Client.find(clientId);
  const uri = (client as { backchannelLogoutUri?: string } | undefined)?.backchannelLogoutUri;
  if (!client || !uri) return false;
  const token = new provider.IdToken({ sub: accountId }, { client, ctx: undefined } as never);
  (token as unknown as { mask: Record<string, null> }).mask = { sub: null };
  token.set('events', { [LOGOUT_EVENT]: {} });
  token.set('jti', randomUUID());
  const logoutToken = await (token.issue as (options: { use: string }) => Promise<string>)({ use: 'logout' });
  const response = await fetch(uri, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ logout_token: logoutToken }),
    signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
  });
  if (response.status !== 200 && response.status !== 204) throw new Error(`the app answered ${response.status}`);
  return true;
}
