import { and, eq, isNull } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { findInvitation, generatePassword, type InvitationRow } from '../../accounts/invitations';
import { findUserById, findUserByIdentifier } from '../../accounts/queries';
import { hashPassword } from '../../auth/passwords';
import { TokenError } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { invitations, memberships, users } from '../../db/schema';
import type { Services } from '../../services';
import type { HandlerMap } from '../register';
import { sendAccountCode } from './sign-up';

const wrong = () => new CallError(ERROR_CODES.NOT_FOUND, MESSAGES.invitationWrong);
const EXPIRED = 'This invitation has expired. Please ask your administrator for a new one.';
const ACCEPTED = 'This invitation has already been accepted.';

/** Marks the invitation accepted, or throws when another request accepted it first. */
async function markAccepted(db: Db, invitation: InvitationRow): Promise<void> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  if (!row) throw new CallError(ERROR_CODES.CONFLICT, ACCEPTED);
}

/** Adds (or updates) the membership an invitation grants. */
async function grantMembership(db: Db, userId: string, invitation: InvitationRow): Promise<void> {
  await db
    .insert(memberships)
    .values({ userId, organizationId: invitation.organizationId, role: invitation.role, productAccess: invitation.productAccess })
    .onConflictDoUpdate({
      target: [memberships.userId, memberships.organizationId],
      set: { role: invitation.role, productAccess: invitation.productAccess, updatedAt: new Date() },
    });
}

/** Member invitations (verify, register, accept) and client invitations. */
export function invitationHandlers({ db, sessions, log, ...rest }: Services): HandlerMap {
  const services = { db, sessions, log, ...rest };

  /** A member invitation that can still be used, or the reason it cannot. */
  const usable = async (inviteCode: string) => {
    const found = await findInvitation(db, inviteCode, 'member');
    if (!found) throw wrong();
    if (found.invitation.acceptedAt) throw new CallError(ERROR_CODES.CONFLICT, ACCEPTED);
    if (!found.live) throw new CallError(ERROR_CODES.CONFLICT, EXPIRED);
    return found;
  };

  return {
    async verifyInvitationCode(payload) {
      const found = await findInvitation(db, payload.inviteCode, 'member');
      if (!found) throw wrong();
      const { invitation } = found;
      const flags = {
        invitationCodeExpired: false,
        invitationAlreadyAccepted: false,
        accountNotVerified: false,
        emailNotMatching: false,
        userAvailability: false,
        email: invitation.email,
      };
      if (invitation.acceptedAt) return { ...flags, invitationAlreadyAccepted: true };
      if (!found.live) return { ...flags, invitationCodeExpired: true };
      if (payload.token) {
        let signedInEmail: string | null = null;
        try {
          const session = await sessions.resolve(payload.token);
          if (session.kind === 'user') signedInEmail = (await findUserById(db, session.userId))?.email ?? null;
        } catch (error) {
          if (!(error instanceof TokenError)) throw error;
        }
        if (!signedInEmail) throw new CallError(ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.');
        if (signedInEmail !== invitation.email) return { ...flags, emailNotMatching: true };
      }
      const user = await findUserByIdentifier(db, invitation.email);
      if (user && !user.verified) return { ...flags, accountNotVerified: true };
      return { ...flags, userAvailability: user !== null };
    },

    async registerAsMember(payload) {
      const { invitation } = await usable(payload.inviteCode);
      if (payload.email !== invitation.email) throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invitationEmailMismatch);
      if (await findUserByIdentifier(db, payload.email)) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.emailExists);
      const passwordHash = await hashPassword(payload.password);
      const user = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ email: payload.email, firstName: payload.firstName, lastName: payload.lastName, passwordHash, verified: false, activeOrgId: invitation.organizationId })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!created) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.emailExists);
        await grantMembership(tx, created.id, invitation);
        await markAccepted(tx, invitation);
        return created;
      });
      await sendAccountCode(services, user, null);
      log.info('invitation.registered', { userId: user.id });
      return { success: true as const, email: user.email };
    },

    async acceptInvitation(payload, ctx) {
      const { invitation, org } = await usable(payload.inviteCode);
      const user = await findUserById(db, ctx.session.userId);
      if (!user || user.email !== invitation.email) throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invitationEmailMismatch);
      await db.transaction(async (tx) => {
        await grantMembership(tx, user.id, invitation);
        await markAccepted(tx, invitation);
        await tx.update(users).set({ activeOrgId: org.id }).where(eq(users.id, user.id));
      });
      log.info('invitation.accepted', { userId: user.id, orgId: org.orgId });
      return { success: true as const, orgId: org.orgId };
    },

    async acceptClientInvitation(payload) {
      const found = await findInvitation(db, payload.token, 'client');
      if (!found) throw new CallError(ERROR_CODES.NOT_FOUND, 'This invitation link is not valid.', { showButton: false });
      const { invitation, org } = found;
      if (invitation.acceptedAt) throw new CallError(ERROR_CODES.CONFLICT, `${ACCEPTED} Sign in with the password you were given.`, { showButton: true });
      if (!found.live) throw new CallError(ERROR_CODES.CONFLICT, EXPIRED, { showButton: false });
      const existing = await findUserByIdentifier(db, invitation.email);
      if (existing) {
        // Their password stays theirs: the invitation only adds the organization.
        await db.transaction(async (tx) => {
          await grantMembership(tx, existing.id, invitation);
          await markAccepted(tx, invitation);
        });
        throw new CallError(ERROR_CODES.CONFLICT, `You already have an account with this email. Sign in with your password to reach ${org.company}.`, { showButton: true });
      }
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ email: invitation.email, firstName: invitation.email.split('@')[0]!, lastName: '', passwordHash, verified: true, activeOrgId: org.id })
          .returning();
        await grantMembership(tx, created!.id, invitation);
        await markAccepted(tx, invitation);
      });
      log.info('client-invitation.accepted', { orgId: org.orgId });
      return { email: invitation.email, password };
    },
  };
}
