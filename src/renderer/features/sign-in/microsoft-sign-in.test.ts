import { describe, expect, it } from 'vitest';
import { answerFromQuery } from '../../platform/microsoft-popup-callback';
import { MICROSOFT_POPUP_MESSAGES, microsoftProblem } from './microsoft-sign-in';
import { newBinding } from './use-sign-in';

describe('Microsoft sign-in messages', () => {
  it('tells a closed window from a blocked one, and only the blocked one mentions pop-ups', () => {
    expect(microsoftProblem({ outcome: 'closed' })).toBe('Microsoft sign-in was closed before it finished.');
    expect(microsoftProblem({ outcome: 'closed' })).not.toMatch(/pop-up/i);
    expect(microsoftProblem({ outcome: 'blocked' })).toBe(MICROSOFT_POPUP_MESSAGES.blocked);
  });

  it("says a cancel is a cancel, and gives the provider's reason without its trace ids", () => {
    expect(microsoftProblem({ outcome: 'error', error: 'access_denied', description: 'AADSTS65004: User declined to consent.' })).toBe('Microsoft sign-in was cancelled.');
    expect(
      microsoftProblem({ outcome: 'error', error: 'invalid_request', description: 'AADSTS50011: The redirect URI does not match.\r\nTrace ID: 1\r\nCorrelation ID: 2' }),
    ).toBe('Microsoft could not sign you in: AADSTS50011: The redirect URI does not match.');
    expect(microsoftProblem({ outcome: 'error', error: 'server_error', description: null })).toBe('Microsoft could not sign you in: server_error');
  });

  it('makes a fresh URL-safe binding of 43 characters each time', () => {
    const one = newBinding();
    expect(one).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newBinding()).not.toBe(one);
  });

  it('reads the callback query: code and state, or the error; nothing else', () => {
    expect(answerFromQuery('?code=c0de&state=st4te&iss=https%3A%2F%2Fidp')).toEqual({ outcome: 'code', code: 'c0de', state: 'st4te', iss: 'https://idp' });
    expect(answerFromQuery('?code=c0de')).toBeNull();
    expect(answerFromQuery('?error=access_denied&state=s')).toEqual({ outcome: 'error', error: 'access_denied', description: null });
    expect(answerFromQuery('?next=/workspace')).toBeNull();
  });
});
