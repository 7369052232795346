import { eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { MESSAGES } from '../../shared/validation/messages';
import { acceptClientInvitation, auditAccepted, findInvitation, grantMembership, INVITATION_ACCEPTED, INVITATION_EXPIRED, markAccepted } from '../accounts/invitations';
import { findUserByIdentifier } from '../accounts/queries';
import { sendAccountCode } from '../accounts/verification';
import { hashPassword } from '../auth/passwords';
import { users } from '../db/schema';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

const wrong = () => new CallError(ERROR_CODES.NOT_FOUND, MESSAGES.invitationWrong);

/** Member invitations (verify, register, accept) and client invitations; a revoked invitation's link answers as a wrong one. */
export function invitationHandlers(services: Services): HandlerMap {
  const { db, log } = services;

  /** A member invitation that can still be used, or the reason it cannot. */
  const usable = async (inviteCode: string) => {
    const found = await findInvitation(db, inviteCode, 'member');
    if (!found) throw wrong();
    if (found.invitation.acceptedAt) throw new CallError(ERROR_CODES.CONFLICT, INVITATION_ACCEPTED);
    if (!found.live) throw new CallError(ERROR_CODES.CONFLICT, INVITATION_EXPIRED);
    return found;
  };

  return {
    // With `token`, the session stage resolved it (401 when it is not a live session) and `user` is who opened the link.
    async verifyInvitationCode(payload, { user: signedIn }) {
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
      if (signedIn && signedIn.email !== invitation.email) return { ...flags, emailNotMatching: true };
      const user = signedIn ?? (await findUserByIdentifier(db, invitation.email));
      if (user && !user.verified) return { ...flags, accountNotVerified: true };
      return { ...flags, userAvailability: user !== null };
    },

    async registerAsMember(payload, ctx) {
      const { invitation } = await usable(payload.inviteCode);
      if (payload.email !== invitation.email) throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invitationEmailMismatch);
      if (await findUserByIdentifier(db, payload.email)) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.emailExists);
      const passwordHash = await hashPassword(payload.password);
      const user = await db.transaction(async (tx) => {
        await markAccepted(tx, invitation);
        const [created] = await tx
          .insert(users)
          .values({ email: payload.email, firstName: payload.firstName, lastName: payload.lastName, passwordHash, verified: false, activeOrgId: invitation.organizationId })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!created) throw new CallError(ERROR_CODES.CONFLICT, MESSAGES.emailExists);
        await grantMembership(tx, created.id, invitation);
        await auditAccepted(tx, invitation, created, ctx.origin, null);
        return created;
      });
      await sendAccountCode(services, user, null, ctx.language);
      log.info('invitation.registered', { userId: user.id });
      return { success: true as const, email: user.email };
    },

    async acceptInvitation(payload, { user, origin, session }) {
      const { invitation, org } = await usable(payload.inviteCode);
      if (user.email !== invitation.email) throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invitationEmailMismatch);
      await db.transaction(async (tx) => {
        await markAccepted(tx, invitation);
        await grantMembership(tx, user.id, invitation);
        await tx.update(users).set({ activeOrgId: org.id }).where(eq(users.id, user.id));
        await auditAccepted(tx, invitation, user, origin, session.sessionId);
      });
      log.info('invitation.accepted', { userId: user.id, orgId: org.orgId });
      return { success: true as const, orgId: org.orgId };
    },

    async acceptClientInvitation(payload, ctx) {
      const result = await acceptClientInvitation(db, payload.token, ctx.origin);
      log.info('client-invitation.accepted', {});
      return result;
    },
  };
}
