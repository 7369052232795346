import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { ProductKey, Role } from '../../shared/products';
import { CODE_LIFETIMES, sameHash, sha256 } from '../auth/one-time-codes';
import type { Db } from '../db/client';
import { invitations, organizations } from '../db/schema';
import { clientInvitationMail, invitationMail } from '../mail/templates';
import type { Services } from '../services';

export type InvitationRow = typeof invitations.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/** An invitation by its code with its organization; member invitations and client invitations are kept apart. */
export async function findInvitation(db: Db, code: string, kind: 'member' | 'client'): Promise<{ invitation: InvitationRow; org: OrganizationRow; live: boolean } | null> {
  const hash = sha256(code);
  const [row] = await db
    .select({ invitation: invitations, org: organizations })
    .from(invitations)
    .innerJoin(organizations, eq(invitations.organizationId, organizations.id))
    .where(and(eq(invitations.codeHash, hash), kind === 'client' ? eq(invitations.role, 'client') : ne(invitations.role, 'client')));
  if (!row || !sameHash(row.invitation.codeHash, hash)) return null;
  const live = row.invitation.expiresAt === null || row.invitation.expiresAt.getTime() > Date.now();
  return { ...row, live };
}

async function orgByOrgId(db: Db, orgId: string): Promise<OrganizationRow> {
  const [org] = await db.select().from(organizations).where(eq(organizations.orgId, orgId));
  if (!org) throw new Error(`no organization ${orgId}`);
  return org;
}

/**
 * Invites someone to an organization as admin or member and mails the link /invite/{code}. The admin screens
 * that call it belong to the HR product; here the seed's invitations and tests use it. Returns the code.
 */
export async function createInvitation(
  { db, mailer, config }: Pick<Services, 'db' | 'mailer' | 'config'>,
  input: { orgId: string; email: string; role: Exclude<Role, 'client'>; productAccess?: ProductKey[]; lifetimeSeconds?: number },
): Promise<string> {
  const org = await orgByOrgId(db, input.orgId);
  // 32 characters, so a member code is never taken for a 36-character client token.
  const code = randomBytes(24).toString('base64url');
  const lifetime = input.lifetimeSeconds ?? CODE_LIFETIMES.invitation;
  await db.insert(invitations).values({
    codeHash: sha256(code),
    organizationId: org.id,
    email: input.email.trim().toLowerCase(),
    role: input.role,
    productAccess: input.productAccess ?? [],
    expiresAt: new Date(Date.now() + lifetime * 1000),
  });
  mailer.queue(invitationMail(input.email, org.company, `${config.publicUrl}/invite/${code}`, lifetime));
  return code;
}

/** Invites a client (Project by default) and mails the link /invite-client/{token}, a 36-character UUID. Returns the token. */
export async function createClientInvitation(
  { db, mailer, config }: Pick<Services, 'db' | 'mailer' | 'config'>,
  input: { orgId: string; email: string; productAccess?: ProductKey[]; lifetimeSeconds?: number },
): Promise<string> {
  const org = await orgByOrgId(db, input.orgId);
  const token = randomUUID();
  const lifetime = input.lifetimeSeconds ?? CODE_LIFETIMES.clientInvitation;
  await db.insert(invitations).values({
    codeHash: sha256(token),
    organizationId: org.id,
    email: input.email.trim().toLowerCase(),
    role: 'client',
    productAccess: input.productAccess ?? ['pms'],
    expiresAt: new Date(Date.now() + lifetime * 1000),
  });
  mailer.queue(clientInvitationMail(input.email, org.company, `${config.publicUrl}/invite-client/${token}`, lifetime));
  return token;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '@#$%&*!?';

/**
 * A 16-character password with at least one of each class the policy asks for, from a CSPRNG. Look-alike
 * characters (0/O, 1/l/I) are left out because the client copies it by eye.
 */
export function generatePassword(length = 16): string {
  const all = UPPER + LOWER + DIGITS + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL), ...Array.from({ length: length - 4 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
