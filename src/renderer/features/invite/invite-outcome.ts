import type { EventReply } from '../../../shared/protocol';

/** The eight outcomes of an invitation link (spec section 2, Invite). */
export type InviteOutcome =
  | 'register'
  | 'invitationCodeExpired'
  | 'accountNotVerified'
  | 'invitationAlreadyAccepted'
  | 'loginAndAccept'
  | 'accept'
  | 'wrong'
  | 'emailNotMatching';

/**
 * Decides the outcome from the server's flags (spec section 4, Invite): the dedicated screens first (expired,
 * accepted, not verified, email mismatch), then a known user is accepted when signed in or asked to sign in,
 * and an unknown one registers. No reply (an error) is 'wrong'.
 */
export function inviteOutcome(reply: EventReply<'verifyInvitationCode'> | null, signedIn: boolean): InviteOutcome {
  if (!reply) return 'wrong';
  if (reply.invitationCodeExpired) return 'invitationCodeExpired';
  if (reply.invitationAlreadyAccepted) return 'invitationAlreadyAccepted';
  if (reply.accountNotVerified) return 'accountNotVerified';
  if (reply.emailNotMatching) return 'emailNotMatching';
  if (reply.userAvailability) return signedIn ? 'accept' : 'loginAndAccept';
  return 'register';
}
