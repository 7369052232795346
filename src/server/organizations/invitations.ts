import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { InvitationInput, InvitationListQuerySchema, PendingInvitation } from '../../shared/protocol/admin-schemas';
import { insertInvitation, renewInvitation, type InvitationRow } from '../accounts/invitations';
import { recordAdminAudit, type AdminActor } from '../audit/audit-log';
import type { Db } from '../db/client';
import { invitations, memberships, users } from '../db/schema';
import type { Services } from '../services';
import { lockOrganization, productAccessIssues, productNames, refusal, type Issue, type OrganizationRow } from './organization';

type InvitationListQuery = z.output<typeof InvitationListQuerySchema>;

const NOT_PENDING = 'This invitation is no longer pending: it was accepted or revoked.';

/** Pending: neither accepted nor revoked (live or expired). */
const pending = (org: OrganizationRow) => and(eq(invitations.organizationId, org.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

const expired = (invitation: Pick<InvitationRow, 'expiresAt'>) => invitation.expiresAt !== null && invitation.expiresAt.getTime() <= Date.now();

const inviterLabel = sql<string | null>`CASE WHEN ${users.id} IS NULL THEN NULL WHEN trim(${users.firstName} || ' ' || ${users.lastName}) = '' THEN ${users.email} ELSE trim(${users.firstName} || ' ' || ${users.lastName}) || ' (' || ${users.email} || ')' END`;

const toPending = (row: InvitationRow, invitedBy: string | null): PendingInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  productAccess: row.productAccess,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  expired: expired(row),
  invitedBy,
});

function ordering(sort: InvitationListQuery['sort']): SQL[] {
  const [param, direction] = Object.entries(sort ?? {})[0] ?? ['sentAt', -1];
  const column = { email: invitations.email, role: invitations.role, sentAt: invitations.sentAt, expiresAt: invitations.expiresAt }[param as 'email'];
  const by = direction === 1 ? asc : desc;
  return [sql`${by(column)} NULLS LAST`, desc(invitations.createdAt), asc(invitations.id)];
}

/** One page of the organization's pending invitations (search by address), most recently sent first by default. */
export async function listInvitations(db: Db, org: OrganizationRow, query: InvitationListQuery): Promise<{ list: PendingInvitation[]; total: number }> {
  const where = and(pending(org), query.search ? ilike(invitations.email, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ invitation: invitations, invitedBy: inviterLabel })
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .where(where)
      .orderBy(...ordering(query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(invitations).where(where),
  ]);
  return { list: rows.map((row) => toPending(row.invitation, row.invitedBy)), total: counted?.total ?? 0 };
}

const inviter = (actor: AdminActor) => (actor.kind === 'user' ? actor.user.id : null);
const describe = (input: Pick<InvitationRow, 'role' | 'productAccess'>) => `as ${input.role}${input.role === 'admin' ? '' : `, products ${productNames(input.productAccess)}`}`;

/**
 * Invites one or many people (a pasted list, a CSV file), all of them or none: each row's products must be in the
 * plan and ones its role can open (400), and no row may be a member already or have a live invitation pending (409);
 * every refusal names each row at fault in `data.issues`. A pending invitation that has expired is replaced. Each
 * invitation is mailed (/invite/{code}, or /invite-client/{token} for a client) and audited in the same transaction,
 * which holds the organization's lock: of a hundred requests inviting one address at once, one invites it.
 */
export async function invite(
  services: Pick<Services, 'db' | 'mailer' | 'config'>,
  organization: OrganizationRow,
  actor: AdminActor,
  rows: InvitationInput[],
): Promise<{ id: string; email: string; expiresAt: string | null }[]> {
  return services.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const products = rows.flatMap((row, index) => (row.productAccess ? productAccessIssues(org, row.role, row.productAccess, `invitations.${index}.productAccess`) : []));
    if (products.length > 0) throw refusal(400, products);

    const emails = rows.map((row) => row.email);
    const members = new Set(
      (
        await tx
          .select({ email: users.email })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.organizationId, org.id), inArray(users.email, emails)))
      ).map((row) => row.email),
    );
    const open = await tx.select().from(invitations).where(and(pending(org), inArray(invitations.email, emails)));
    const live = new Set(open.filter((row) => !expired(row)).map((row) => row.email));
    const clashes: Issue[] = [];
    rows.forEach((row, index) => {
      const path = `invitations.${index}.email`;
      if (members.has(row.email)) clashes.push({ path, message: `${row.email} is already a member of ${org.company}.` });
      else if (live.has(row.email)) clashes.push({ path, message: `${row.email} already has a pending invitation to ${org.company}: resend it instead.` });
    });
    if (clashes.length > 0) throw refusal(409, clashes);

    const stale = open.filter(expired);
    if (stale.length > 0) {
      await tx.update(invitations).set({ revokedAt: sql`now()`, updatedAt: sql`now()` }).where(inArray(invitations.id, stale.map((row) => row.id)));
    }
    const invited: { id: string; email: string; expiresAt: string | null }[] = [];
    for (const row of rows) {
      const { invitation } = await insertInvitation(tx, services, org, { email: row.email, role: row.role, productAccess: row.productAccess, invitedBy: inviter(actor) });
      await recordAdminAudit(tx, org.id, actor, { kind: 'member-invited', subject: invitation.email, detail: describe(invitation) });
      invited.push({ id: invitation.id, email: invitation.email, expiresAt: invitation.expiresAt?.toISOString() ?? null });
    }
    return invited;
  });
}

/** A pending invitation of this organization, locked for the change; 404 when it was accepted, revoked, or is not theirs. */
async function pendingInvitation(tx: Db, org: OrganizationRow, invitationId: string): Promise<InvitationRow> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(pending(org), eq(invitations.id, invitationId)))
    .for('update');
  if (!row) throw new CallError(ERROR_CODES.NOT_FOUND, NOT_PENDING);
  return row;
}

/** Mails a pending invitation again with a fresh code and lifetime: the old link stops working. */
export async function resendInvitation(
  services: Pick<Services, 'db' | 'mailer' | 'config'>,
  organization: OrganizationRow,
  actor: AdminActor,
  invitationId: string,
): Promise<PendingInvitation> {
  return services.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const current = await pendingInvitation(tx, org, invitationId);
    const { invitation } = await renewInvitation(tx, services, org, current);
    await recordAdminAudit(tx, org.id, actor, { kind: 'invitation-resent', subject: invitation.email, detail: 'the previous link stopped working' });
    const [sender] = await tx.select({ label: inviterLabel }).from(invitations).leftJoin(users, eq(users.id, invitations.invitedBy)).where(eq(invitations.id, invitation.id));
    return toPending(invitation, sender?.label ?? null);
  });
}

/** Revokes a pending invitation: its link stops working (it answers like a wrong one). */
export async function revokeInvitation({ db }: Pick<Services, 'db'>, organization: OrganizationRow, actor: AdminActor, invitationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, organization.id, actor);
    const current = await pendingInvitation(tx, org, invitationId);
    await tx.update(invitations).set({ revokedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(invitations.id, current.id));
    await recordAdminAudit(tx, org.id, actor, { kind: 'invitation-revoked', subject: current.email, detail: describe(current) });
  });
}
