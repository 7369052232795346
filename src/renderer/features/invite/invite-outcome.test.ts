import { describe, expect, it } from 'vitest';
import { inviteOutcome } from './invite-outcome';

const flags = { invitationCodeExpired: false, invitationAlreadyAccepted: false, accountNotVerified: false, emailNotMatching: false, userAvailability: false, email: 'a@b.test' };

describe('inviteOutcome', () => {
  it('gives each of the eight outcomes', () => {
    expect(inviteOutcome(null, false)).toBe('wrong');
    expect(inviteOutcome({ ...flags, invitationCodeExpired: true, userAvailability: true }, true)).toBe('invitationCodeExpired');
    expect(inviteOutcome({ ...flags, invitationAlreadyAccepted: true }, false)).toBe('invitationAlreadyAccepted');
    expect(inviteOutcome({ ...flags, accountNotVerified: true }, false)).toBe('accountNotVerified');
    expect(inviteOutcome({ ...flags, emailNotMatching: true, userAvailability: true }, true)).toBe('emailNotMatching');
    expect(inviteOutcome({ ...flags, userAvailability: true }, true)).toBe('accept');
    expect(inviteOutcome({ ...flags, userAvailability: true }, false)).toBe('loginAndAccept');
    expect(inviteOutcome(flags, false)).toBe('register');
  });
});
