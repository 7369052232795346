import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import * as z from 'zod';
import type { ProductKey } from '../../shared/products';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { HTTP_ROUTES, ssoStartPath } from '../../shared/protocol/http';
import { type CreateSsoConnectionSchema, type SsoConnection, type UpdateSsoConnectionSchema } from '../../shared/protocol/sso-schemas';
import { recordAdminAudit, type AdminActor } from '../audit/audit-log';
import { sealSecret } from '../auth/mfa-secrets';
import type { Db } from '../db/client';
import { organizations, ssoConnections } from '../db/schema';
import { lockOrganization, productAccessIssues, refusal, type OrganizationRow } from '../organizations/organization';
import type { Services } from '../services';
import { samlEndpoints, samlSettingsFrom } from './saml-connection';
import { OidcConfigSchema, SamlConfigSchema, type ConnectionRow, type OidcConfig, type SamlConfig } from './settings';

/** At most this many connections per organization. */
export const CONNECTIONS_PER_ORGANIZATION = 10;

/** A connection as the console shows it: no secret, with the addresses the admin registers at the provider. */
export function toConnectionSummary(row: ConnectionRow, org: Pick<OrganizationRow, 'orgId'>, publicUrl: string): SsoConnection {
  const oidc = row.kind === 'oidc' ? OidcConfigSchema.safeParse(row.config) : null;
  const saml = row.kind === 'saml' ? SamlConfigSchema.safeParse(row.config) : null;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    enforced: row.enforced,
    defaultRole: row.defaultRole,
    defaultProducts: row.defaultProducts,
    testedAt: row.testedAt?.toISOString() ?? null,
    oidc: oidc?.success
      ? { issuer: oidc.data.issuer, clientId: oidc.data.clientId, claims: oidc.data.claims, redirectUri: `${publicUrl}${HTTP_ROUTES.ssoOidcCallback}` }
      : null,
    saml: saml?.success
      ? { metadataUrl: saml.data.metadataUrl, idpEntityId: saml.data.idpEntityId, allowIdpInitiated: saml.data.allowIdpInitiated, ...samlEndpoints(publicUrl, row.id) }
      : null,
    startUrl: `${publicUrl}${ssoStartPath(org.orgId)}`,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The organization's connections, oldest first. */
export async function listConnections(db: Db, org: OrganizationRow, publicUrl: string): Promise<SsoConnection[]> {
  const rows = await db.select().from(ssoConnections).where(eq(ssoConnections.organizationId, org.id)).orderBy(asc(ssoConnections.createdAt));
  return rows.map((row) => toConnectionSummary(row, org, publicUrl));
}

/** One connection of this organization, locked when inside a change; 404 otherwise. */
export async function connectionOf(db: Db, org: OrganizationRow, connectionId: string, forUpdate = false): Promise<ConnectionRow> {
  const query = db
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.organizationId, org.id), eq(ssoConnections.id, connectionId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new CallError(ERROR_CODES.NOT_FOUND, `${org.company} has no such sign-in connection.`, { fields: ['connectionId'] });
  return row;
}

function productIssues(org: OrganizationRow, role: ConnectionRow['defaultRole'], products: readonly ProductKey[]) {
  const issues = productAccessIssues(org, role, products, 'defaultProducts');
  if (issues.length > 0) throw refusal(400, issues);
}

type CreateInput = z.infer<typeof CreateSsoConnectionSchema>;
type UpdateInput = z.infer<typeof UpdateSsoConnectionSchema>;

/** What a connection's settings become: the OpenID secret sealed; SAML metadata read (and fetched) before any transaction. */
async function configOf(mfaKey: Buffer, id: string, input: Pick<UpdateInput, 'oidc' | 'saml'>, previous: Record<string, unknown> | null): Promise<Record<string, unknown> | null> {
  if (input.oidc) {
    const before = previous ? OidcConfigSchema.safeParse(previous) : null;
    const sealed = input.oidc.clientSecret ? sealSecret(mfaKey, input.oidc.clientSecret, `sso:${id}`) : before?.success ? before.data.clientSecretSealed : null;
    if (!sealed) throw new CallError(ERROR_CODES.BAD_REQUEST, "Enter the client secret the provider gave the portal's registration.", { fields: ['oidc.clientSecret'] });
    return { issuer: input.oidc.issuer.replace(/\/+$/, ''), clientId: input.oidc.clientId, clientSecretSealed: sealed, claims: input.oidc.claims } satisfies OidcConfig;
  }
  if (input.saml) return (await samlSettingsFrom(input.saml)) satisfies SamlConfig;
  return null;
}

/** Adds a connection, turned off until tested. */
export async function createConnection({ db, mfaKey, config }: Pick<Services, 'db' | 'mfaKey' | 'config'>, organization: OrganizationRow, actor: AdminActor, input: CreateInput): Promise<SsoConnection> {
  const id = randomUUID();
  const settings = await configOf(mfaKey, id, input.kind === 'oidc' ? { oidc: input.oidc } : { saml: input.saml }, null);
  return db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    productIssues(org, input.defaultRole, input.defaultProducts);
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(ssoConnections).where(eq(ssoConnections.organizationId, org.id));
    if ((existing?.n ?? 0) >= CONNECTIONS_PER_ORGANIZATION) {
      throw new CallError(ERROR_CODES.CONFLICT, `${org.company} has ${CONNECTIONS_PER_ORGANIZATION} sign-in connections already: remove one before adding another.`);
    }
    const [row] = await tx
      .insert(ssoConnections)
      .values({ id, organizationId: org.id, kind: input.kind, name: input.name, config: settings!, defaultRole: input.defaultRole, defaultProducts: input.defaultProducts })
      .returning();
    await recordAdminAudit(tx, org.id, actor, { kind: 'sso-connection-added', subject: input.name, detail: input.kind === 'oidc' ? `OpenID Connect, ${input.oidc.issuer}` : 'SAML 2.0' });
    return toConnectionSummary(row!, org, config.publicUrl);
  });
}

/**
 * Changes a connection. New provider settings take the tested mark away; turning it on needs a test since then, and
 * enforcing needs it on (turning it off ends enforcement too).
 */
export async function updateConnection({ db, mfaKey, config }: Pick<Services, 'db' | 'mfaKey' | 'config'>, organization: OrganizationRow, actor: AdminActor, input: UpdateInput): Promise<SsoConnection> {
  const [current] = await db.select().from(ssoConnections).where(and(eq(ssoConnections.organizationId, organization.id), eq(ssoConnections.id, input.connectionId)));
  if (!current) throw new CallError(ERROR_CODES.NOT_FOUND, `${organization.company} has no such sign-in connection.`, { fields: ['connectionId'] });
  if ((input.oidc && current.kind !== 'oidc') || (input.saml && current.kind !== 'saml')) {
    throw new CallError(ERROR_CODES.BAD_REQUEST, `This connection uses ${current.kind === 'oidc' ? 'OpenID Connect' : 'SAML 2.0'}: add a new connection for another kind.`);
  }
  const settings = await configOf(mfaKey, current.id, input, current.config);
  return db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const row = await connectionOf(tx, org, input.connectionId, true);
    const role = input.defaultRole ?? row.defaultRole;
    const products = input.defaultProducts ?? row.defaultProducts;
    if (input.defaultRole !== undefined || input.defaultProducts !== undefined) productIssues(org, role, products);
    const retested = settings === null ? row.testedAt : null;
    const enabled = input.enabled ?? row.enabled;
    if (enabled && !row.enabled && !retested) {
      throw new CallError(ERROR_CODES.CONFLICT, 'Run "Test sign-in" successfully before turning this connection on.', { fields: ['enabled'] });
    }
    const enforced = enabled ? (input.enforced ?? row.enforced) : false;
    if (input.enforced && !enabled) throw new CallError(ERROR_CODES.CONFLICT, 'Turn the connection on before requiring it.', { fields: ['enforced'] });
    const [updated] = await tx
      .update(ssoConnections)
      .set({ name: input.name ?? row.name, defaultRole: role, defaultProducts: products, config: settings ?? row.config, testedAt: retested, enabled, enforced, updatedAt: sql`now()` })
      .where(eq(ssoConnections.id, row.id))
      .returning();
    const changes = [
      input.name !== undefined && input.name !== row.name ? `renamed to ${input.name}` : null,
      settings ? 'provider settings changed' : null,
      enabled !== row.enabled ? (enabled ? 'turned on' : 'turned off') : null,
      enforced !== row.enforced ? (enforced ? 'required for verified-domain addresses' : 'no longer required') : null,
      input.defaultRole !== undefined || input.defaultProducts !== undefined ? `new members: ${role}, ${products.join(', ') || 'no products'}` : null,
    ].filter((change): change is string => change !== null);
    await recordAdminAudit(tx, org.id, actor, { kind: 'sso-connection-changed', subject: updated!.name, detail: changes.join('; ') || 'no change' });
    return toConnectionSummary(updated!, org, config.publicUrl);
  });
}

/** Removes a connection: its links go with it (the accounts stay). */
export async function deleteConnection({ db }: Pick<Services, 'db'>, organization: OrganizationRow, actor: AdminActor, connectionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const row = await connectionOf(tx, org, connectionId, true);
    await tx.delete(ssoConnections).where(eq(ssoConnections.id, row.id));
    await recordAdminAudit(tx, org.id, actor, { kind: 'sso-connection-removed', subject: row.name, detail: row.kind === 'oidc' ? 'OpenID Connect' : 'SAML 2.0' });
  });
}

/** Marks a connection tested (a test sign-in came back with a usable identity). */
export async function markTested(db: Db, connectionId: string): Promise<void> {
  await db.update(ssoConnections).set({ testedAt: sql`now()` }).where(eq(ssoConnections.id, connectionId));
}

/** A connection and its organization by id, for the sign-in routes. */
export async function findConnection(db: Db, connectionId: string): Promise<{ row: ConnectionRow; org: OrganizationRow } | null> {
  if (!z.uuid().safeParse(connectionId).success) return null;
  const [found] = await db.select({ row: ssoConnections, org: organizations }).from(ssoConnections).innerJoin(organizations, eq(organizations.id, ssoConnections.organizationId)).where(eq(ssoConnections.id, connectionId));
  return found ?? null;
}

/** The organization's connection its `/{orgId}/sso` link starts: the enforced one that is on, else the oldest that is on. */
export async function connectionForOrganization(db: Db, orgId: string): Promise<{ row: ConnectionRow; org: OrganizationRow } | null> {
  const [found] = await db
    .select({ row: ssoConnections, org: organizations })
    .from(ssoConnections)
    .innerJoin(organizations, eq(organizations.id, ssoConnections.organizationId))
    .where(and(eq(organizations.orgId, orgId), eq(ssoConnections.enabled, true)))
    .orderBy(sql`${ssoConnections.enforced} desc`, asc(ssoConnections.createdAt))
    .limit(1);
  return found ?? null;
}
