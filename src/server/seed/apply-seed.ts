import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invitations, memberships, oauthClients, onboardingEmployees, organizations, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { hashClientSecret } from '../oidc/client-secrets';
import { describeSeedIssues, OAUTH_SCOPES, SeedFileSchema, type SeedFile } from './seed-schema';

export class SeedError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`Seed ${source} is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'SeedError';
  }
}

/** Invitation codes are kept only as a hash. */
export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** Reads and validates a seed file; every problem is reported with its path. */
export async function readSeedFile(path: string): Promise<SeedFile> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new SeedError(path, [error instanceof SyntaxError ? `not valid JSON: ${error.message}` : `cannot be read: ${(error as Error).message}`]);
  }
  return parseSeed(raw, path);
}

export function parseSeed(raw: unknown, source: string): SeedFile {
  const parsed = SeedFileSchema.safeParse(raw);
  if (!parsed.success) throw new SeedError(source, describeSeedIssues(parsed.error));
  return parsed.data;
}

export interface SeedResult {
  organizations: number;
  users: number;
  createdUsers: number;
  /** Users the seed gives no password: they choose one at their next verified step (the start banner says so). */
  withoutPassword: number;
}

/**
 * Applies a seed in one transaction: organizations upserted by orgId, users by email, memberships by
 * (user, organization), OAuth clients by clientId (an organization's app when it names `orgId`), invitations by the code the seed
 * first gave them. A user's password (or, without one, a random
 * password and password_chosen false) and the verified and mustChangePassword flags are set only when the account is
 * created, so a restart never undoes a password the user has since changed or chosen.
 */
export async function applySeed(db: Db, seed: SeedFile, source: string): Promise<SeedResult> {
  const seedOrgIds = new Set(seed.organizations.map((org) => org.orgId));
  // Every reference with its path in the seed, so the error says where the unknown orgId is.
  const referenced = [
    ...seed.users.flatMap((user, u) => user.memberships.map((membership, m) => ({ orgId: membership.orgId, path: `users[${u}].memberships[${m}].orgId` }))),
    ...(seed.invitations ?? []).map((invitation, i) => ({ orgId: invitation.orgId, path: `invitations[${i}].orgId` })),
    ...(seed.oauthClients ?? []).flatMap((client, c) => (client.orgId === undefined ? [] : [{ orgId: client.orgId, path: `oauthClients[${c}].orgId` }])),
  ];
  const outside = [...new Set(referenced.map((ref) => ref.orgId).filter((orgId) => !seedOrgIds.has(orgId)))];
  if (outside.length > 0) {
    const known = new Set((await db.select({ orgId: organizations.orgId }).from(organizations).where(inArray(organizations.orgId, outside))).map((row) => row.orgId));
    const missing = referenced.filter((ref) => !seedOrgIds.has(ref.orgId) && !known.has(ref.orgId));
    if (missing.length > 0) throw new SeedError(source, missing.map((ref) => `${ref.path}: orgId ${JSON.stringify(ref.orgId)} is used but not defined`));
  }

  // Hash outside the transaction: only new accounts need a hash, and hashing is slow by design.
  const emails = seed.users.map((user) => user.email);
  const existing = emails.length === 0 ? [] : await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  const existingEmails = new Set(existing.map((row) => row.email));
  const hashes = new Map<string, string>();
  // A user without `password` gets a random one nobody knows (password_chosen false): they choose theirs at the next
  // verified step, so no one ever signs in with a password they did not choose.
  for (const user of seed.users) {
    if (!existingEmails.has(user.email)) hashes.set(user.email, await hashPassword(user.password ?? randomBytes(24).toString('base64url')));
  }
  // Onboarding passwords are hashed every time (few rows), but written only when the employee is created.
  const employeeHashes = new Map<string, string>();
  for (const org of seed.organizations) {
    for (const employee of org.onboardingEmployees ?? []) {
      if (employee.password) employeeHashes.set(`${org.orgId}\n${employee.email}`, await hashPassword(employee.password));
    }
  }

  await db.transaction(async (tx) => {
    const orgIds = new Map<string, string>();
    for (const org of seed.organizations) {
      const values = {
        orgId: org.orgId,
        company: org.company,
        logoUrl: org.logoURL ?? null,
        plan: org.plan,
        mfaEmail: org.mfa?.email ?? false,
        mfaAuthenticatorApp: org.mfa?.authenticatorApp ?? false,
        allowTrustedDevices: org.allowTrustedDevices ?? true,
        allowedIpRanges: org.allowedIpRanges ?? [],
      };
      const [row] = await tx
        .insert(organizations)
        .values({ ...values, verified: org.verified ?? true })
        .onConflictDoUpdate({ target: organizations.orgId, set: { ...values, updatedAt: sql`now()` } })
        .returning({ id: organizations.id });
      orgIds.set(org.orgId, row!.id);
      for (const employee of org.onboardingEmployees ?? []) {
        const profile = { employeeCode: employee.employeeCode ?? null, preboarding: employee.preboarding };
        await tx
          .insert(onboardingEmployees)
          .values({ organizationId: row!.id, email: employee.email, ...profile, passwordHash: employeeHashes.get(`${org.orgId}\n${employee.email}`) ?? null })
          .onConflictDoUpdate({ target: [onboardingEmployees.organizationId, onboardingEmployees.email], set: { ...profile, updatedAt: sql`now()` } });
      }
    }
    const lookup = async (orgId: string) => {
      const known = orgIds.get(orgId);
      if (known) return known;
      const [row] = await tx.select({ id: organizations.id }).from(organizations).where(sql`${organizations.orgId} = ${orgId}`);
      orgIds.set(orgId, row!.id);
      return row!.id;
    };

    for (const user of seed.users) {
      const profile = { userName: user.userName ?? null, employeeCode: user.employeeCode ?? null, firstName: user.firstName, lastName: user.lastName };
      const [row] = await tx
        .insert(users)
        .values({
          email: user.email,
          ...profile,
          passwordHash: hashes.get(user.email) ?? '',
          passwordChosen: user.password !== undefined,
          verified: user.verified,
          mustChangePassword: user.mustChangePassword,
        })
        .onConflictDoUpdate({ target: users.email, set: { ...profile, updatedAt: sql`now()` } })
        .returning({ id: users.id });
      for (const membership of user.memberships) {
        const values = { userId: row!.id, organizationId: await lookup(membership.orgId), role: membership.role, productAccess: membership.productAccess ?? [] };
        await tx
          .insert(memberships)
          .values(values)
          .onConflictDoUpdate({
            target: [memberships.userId, memberships.organizationId],
            set: { role: values.role, productAccess: values.productAccess, updatedAt: sql`now()` },
          });
      }
    }

    for (const client of seed.oauthClients ?? []) {
      const values = {
        clientId: client.clientId,
        organizationId: client.orgId === undefined ? null : await lookup(client.orgId),
        name: client.name,
        logoUrl: client.logoURL ?? null,
        redirectUris: client.redirectUris,
        secretHash: client.clientSecret === undefined ? null : hashClientSecret(client.clientSecret),
        postLogoutRedirectUris: client.postLogoutRedirectUris ?? [],
        scopes: [...new Set(['openid', ...(client.scopes ?? OAUTH_SCOPES)])],
        // Said in the file, or left as it is: a seed written before the flag keeps its apps as they were (0011 made them first party); a new one is a third party.
        ...(client.firstParty === undefined ? {} : { firstParty: client.firstParty }),
        backchannelLogoutUri: client.backchannelLogoutUri ?? null,
      };
      await tx.insert(oauthClients).values(values).onConflictDoUpdate({ target: oauthClients.clientId, set: { ...values, updatedAt: sql`now()` } });
    }

    for (const invitation of seed.invitations ?? []) {
      const codeHash = hashCode(invitation.code);
      const values = {
        codeHash,
        seedCodeHash: codeHash,
        organizationId: await lookup(invitation.orgId),
        email: invitation.email,
        role: invitation.role,
        productAccess: invitation.productAccess ?? (invitation.role === 'client' ? ['pms' as const] : []),
        expiresAt: invitation.expiresAt ? new Date(invitation.expiresAt) : null,
      };
      // Found by the code the seed gave it, even once an admin's resend replaced that code: the link the admin
      // replaced stays dead, and the resend's new expiry stands (the seed's expiresAt is set when it is created).
      await tx
        .insert(invitations)
        .values(values)
        .onConflictDoUpdate({
          target: invitations.seedCodeHash,
          set: { organizationId: values.organizationId, email: values.email, role: values.role, productAccess: values.productAccess, updatedAt: sql`now()` },
        });
    }
  });

  return {
    organizations: seed.organizations.length,
    users: seed.users.length,
    createdUsers: hashes.size,
    withoutPassword: seed.users.filter((user) => user.password === undefined).length,
  };
}
