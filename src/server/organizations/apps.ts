import { randomBytes } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { ADMIN_API_SCOPE, type AppSummary } from '../../shared/protocol/admin-schemas';
import { recordAdminAudit, type AdminActor } from '../audit/audit-log';
import type { Db } from '../db/client';
import { oauthClients } from '../db/schema';
import { deleteClientModels } from '../oidc/adapter';
import { hashClientSecret } from '../oidc/client-secrets';
import { OAUTH_SCOPES } from '../seed/seed-schema';
import type { Services } from '../services';
import { attachImage, releaseImage } from './images';
import { lockOrganization, type OrganizationRow } from './organization';

type ClientRow = typeof oauthClients.$inferSelect;

/** At most this many apps per organization. */
export const APPS_PER_ORGANIZATION = 50;

const API_NEEDS_SECRET = 'Only a confidential app (one with a secret) may use the admin API.';

const INTERNAL_LOGOUT_URI = 'A back-channel logout URI must be a public address: this server does not send to its own or a private network.';

/**
 * The portal POSTs logout tokens to an app's back-channel logout URI, which an organization's admin chooses: on a
 * deployment served over https, never to a loopback, private or link-local address written as such, nor `localhost`
 * (a local deployment, plain http like the tests', may use them). A name that resolves to such an address is not
 * caught here (the send follows no redirect and keeps nothing of the answer: backchannel-logout.ts).
 */
export function assertPublicLogoutUri(uri: string | null | undefined, publicUrl: string): void {
  if (!uri || new URL(publicUrl).protocol !== 'https:') return;
  const host = new URL(uri).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const internal = host === 'localhost' || host.endsWith('.localhost') || (ipaddr.isValid(host) && ipaddr.process(host).range() !== 'unicast');
  if (internal) throw new CallError(ERROR_CODES.BAD_REQUEST, INTERNAL_LOGOUT_URI, { fields: ['backchannelLogoutUri'] });
}

/** An app as the console lists it. */
export function toAppSummary(row: ClientRow): AppSummary {
  return {
    clientId: row.clientId,
    name: row.name,
    logoUrl: row.logoUrl,
    redirectUris: row.redirectUris,
    type: row.secretHash ? 'confidential' : 'public',
    apiAccess: row.scopes.includes(ADMIN_API_SCOPE),
    backchannelLogoutUri: row.backchannelLogoutUri,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The scopes an app may ask for: the portal's OpenID scopes, and the admin API's with `apiAccess`. */
const scopesOf = (apiAccess: boolean) => [...OAUTH_SCOPES, ...(apiAccess ? [ADMIN_API_SCOPE] : [])];

/** A confidential app's secret: 32 random bytes, base64url (43 characters). Shown once; only its sha256 is kept. */
const newSecret = () => randomBytes(32).toString('base64url');

/** The organization's registered apps, oldest first. */
export async function listApps(db: Db, org: OrganizationRow): Promise<AppSummary[]> {
  const rows = await db.select().from(oauthClients).where(eq(oauthClients.organizationId, org.id)).orderBy(asc(oauthClients.createdAt), asc(oauthClients.clientId));
  return rows.map(toAppSummary);
}

/** One app of this organization, locked for the change; 404 for another organization's or the deployment's own. */
async function appOf(tx: Db, org: OrganizationRow, clientId: string): Promise<ClientRow> {
  const [row] = await tx
    .select()
    .from(oauthClients)
    .where(and(eq(oauthClients.clientId, clientId), eq(oauthClients.organizationId, org.id)))
    .for('update');
  if (!row) throw new CallError(ERROR_CODES.NOT_FOUND, `This app is not registered for ${org.company}.`);
  return row;
}

/**
 * Registers an app of the organization: a generated client id (`{orgId}-{random}`), its redirect URIs, and for a
 * confidential app a random secret, returned here once (only its hash is stored). `apiAccess` (confidential only) adds
 * the scope org:admin and the client-credentials grant. It signs in members of this organization only (oidc/interactions.ts).
 * With a back-channel logout URI, it is told when a user's portal session ends (oidc/backchannel-logout.ts).
 */
export async function registerApp(
  { db, config }: Pick<Services, 'db' | 'config'>,
  organization: OrganizationRow,
  actor: AdminActor,
  input: { name: string; redirectUris: string[]; type: 'public' | 'confidential'; apiAccess: boolean; logo?: { imageId: string }; backchannelLogoutUri?: string },
): Promise<{ app: AppSummary; clientSecret: string | null }> {
  if (input.apiAccess && input.type !== 'confidential') throw new CallError(ERROR_CODES.BAD_REQUEST, API_NEEDS_SECRET, { fields: ['apiAccess'] });
  assertPublicLogoutUri(input.backchannelLogoutUri, config.publicUrl);
  return db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const [registered] = await tx.select({ apps: count() }).from(oauthClients).where(eq(oauthClients.organizationId, org.id));
    if ((registered?.apps ?? 0) >= APPS_PER_ORGANIZATION) {
      throw new CallError(ERROR_CODES.CONFLICT, `${org.company} has ${APPS_PER_ORGANIZATION} apps already: delete one before registering another.`);
    }
    const clientSecret = input.type === 'confidential' ? newSecret() : null;
    const logoUrl = input.logo ? await attachImage(tx, input.logo.imageId, org.id, actor, 'logo.imageId') : null;
    const [row] = await tx
      .insert(oauthClients)
      .values({
        clientId: `${org.orgId}-${randomBytes(8).toString('hex')}`,
        organizationId: org.id,
        name: input.name,
        logoUrl,
        redirectUris: input.redirectUris,
        secretHash: clientSecret === null ? null : hashClientSecret(clientSecret),
        scopes: scopesOf(input.apiAccess),
        backchannelLogoutUri: input.backchannelLogoutUri ?? null,
      })
      .returning();
    const extras = [input.apiAccess ? 'admin API' : null, input.backchannelLogoutUri ? `back-channel logout URI: ${input.backchannelLogoutUri}` : null].filter(Boolean);
    await recordAdminAudit(tx, org.id, actor, { kind: 'app-registered', subject: row!.name, detail: [`${row!.clientId}`, input.type, ...extras].join(', ') });
    return { app: toAppSummary(row!), clientSecret };
  });
}

/**
 * Changes an app: name, redirect URIs, logo, API access, back-channel logout URI (`null` removes it), or turned off or on. Turned off, it signs nobody in
 * (findClientMetadata knows it no more) and everything it was given (grants, codes, tokens) is deleted.
 */
export async function updateApp(
  { db, config }: Pick<Services, 'db' | 'config'>,
  organization: OrganizationRow,
  actor: AdminActor,
  input: {
    clientId: string;
    name: string;
    redirectUris: string[];
    apiAccess?: boolean;
    logo?: { imageId: string } | null;
    backchannelLogoutUri?: string | null;
    disabled?: boolean;
  },
): Promise<AppSummary> {
  assertPublicLogoutUri(input.backchannelLogoutUri, config.publicUrl);
  return db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const current = await appOf(tx, org, input.clientId);
    const before = toAppSummary(current);
    const apiAccess = input.apiAccess ?? before.apiAccess;
    if (apiAccess && before.type !== 'confidential') throw new CallError(ERROR_CODES.BAD_REQUEST, API_NEEDS_SECRET, { fields: ['apiAccess'] });
    let logoUrl = current.logoUrl;
    if (input.logo !== undefined) {
      logoUrl = input.logo === null ? null : await attachImage(tx, input.logo.imageId, org.id, actor, 'logo.imageId');
      if (logoUrl !== current.logoUrl) await releaseImage(tx, current.logoUrl);
    }
    const disabled = input.disabled ?? before.disabled;
    const logoutUri = input.backchannelLogoutUri === undefined ? before.backchannelLogoutUri : input.backchannelLogoutUri;
    const [row] = await tx
      .update(oauthClients)
      .set({
        name: input.name,
        redirectUris: input.redirectUris,
        logoUrl,
        scopes: apiAccess === before.apiAccess ? current.scopes : scopesOf(apiAccess),
        backchannelLogoutUri: logoutUri,
        disabledAt: disabled ? (current.disabledAt ?? sql`now()`) : null,
        updatedAt: sql`now()`,
      })
      .where(eq(oauthClients.clientId, current.clientId))
      .returning();
    if (disabled && !before.disabled) await deleteClientModels(tx, current.clientId);
    const changes = [
      before.name === input.name ? null : `name: ${before.name} → ${input.name}`,
      before.redirectUris.join() === input.redirectUris.join() ? null : `redirect URIs: ${input.redirectUris.join(', ')}`,
      logoUrl === current.logoUrl ? null : logoUrl === null ? 'logo removed' : 'new logo',
      apiAccess === before.apiAccess ? null : apiAccess ? 'admin API allowed' : 'admin API no longer allowed',
      logoutUri === before.backchannelLogoutUri ? null : logoutUri === null ? 'back-channel logout URI removed' : `back-channel logout URI: ${logoutUri}`,
      disabled === before.disabled ? null : disabled ? 'turned off: its tokens stopped working' : 'turned on',
    ].filter(Boolean);
    if (changes.length > 0) await recordAdminAudit(tx, org.id, actor, { kind: 'app-changed', subject: row!.name, detail: `${row!.clientId}: ${changes.join('; ')}` });
    return toAppSummary(row!);
  });
}

/** Replaces a confidential app's secret: the old one stops working at once; the new one is returned here, once. */
export async function rotateAppSecret(
  { db }: Pick<Services, 'db'>,
  organization: OrganizationRow,
  actor: AdminActor,
  clientId: string,
): Promise<{ app: AppSummary; clientSecret: string }> {
  return db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const current = await appOf(tx, org, clientId);
    if (!current.secretHash) throw new CallError(ERROR_CODES.CONFLICT, 'A public app has no secret to rotate: it signs in with PKCE.');
    const clientSecret = newSecret();
    const [row] = await tx
      .update(oauthClients)
      .set({ secretHash: hashClientSecret(clientSecret), updatedAt: sql`now()` })
      .where(eq(oauthClients.clientId, current.clientId))
      .returning();
    await recordAdminAudit(tx, org.id, actor, { kind: 'app-secret-rotated', subject: row!.name, detail: `${row!.clientId}: the previous secret stopped working` });
    return { app: toAppSummary(row!), clientSecret };
  });
}

/** Deletes an app: it signs nobody in any more, and every grant, code and token it was given is deleted with it. */
export async function deleteApp({ db }: Pick<Services, 'db'>, organization: OrganizationRow, actor: AdminActor, clientId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const current = await appOf(tx, org, clientId);
    await deleteClientModels(tx, current.clientId);
    await tx.delete(oauthClients).where(eq(oauthClients.clientId, current.clientId));
    await releaseImage(tx, current.logoUrl);
    await recordAdminAudit(tx, org.id, actor, { kind: 'app-deleted', subject: current.name, detail: current.clientId });
  });
}
