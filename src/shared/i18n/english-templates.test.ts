import { describe, expect, it } from 'vitest';
import { englishPattern } from './english-patterns';
import { englishMatcher } from './english-templates';

const matcher = (messages: Record<string, string>) => englishMatcher(Object.entries(messages).map(([id, message]) => englishPattern(id, message)!));

describe('English templates (tEnglish’s matching of messages with arguments)', () => {
  it('has no pattern for a message without arguments (matched by its text)', () => {
    expect(englishPattern('message.invalidOtp', 'Invalid OTP')).toBeNull();
  });

  it('reads plain arguments, plural counts (`#` and `one`) and select cases back from the English text', () => {
    const match = matcher({
      'message.minutes': 'Too many attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
      'message.aMinute': 'Wait {minutes, plural, one {a minute} other {# minutes}} (special: .*+?).',
      'message.claimed': '{domain} is claimed by {company} already.',
      'message.kind': 'This connection uses {kind, select, oidc {OpenID Connect} other {SAML 2.0}}: add a new connection for another kind.',
    });
    expect(match('Too many attempts. Try again in 15 minutes.')).toEqual({ id: 'message.minutes', values: { minutes: 15 } });
    expect(match('Too many attempts. Try again in 1 minute.')).toEqual({ id: 'message.minutes', values: { minutes: 1 } });
    expect(match('Too many attempts. Try again in 1,440 minutes.')).toEqual({ id: 'message.minutes', values: { minutes: 1440 } });
    expect(match('Wait a minute (special: .*+?).')).toEqual({ id: 'message.aMinute', values: { minutes: 1 } });
    expect(match('Wait 3 minutes (special: .*+?).')).toEqual({ id: 'message.aMinute', values: { minutes: 3 } });
    expect(match('acme.example is claimed by Acme Corp already.')).toEqual({ id: 'message.claimed', values: { domain: 'acme.example', company: 'Acme Corp' } });
    expect(match('This connection uses SAML 2.0: add a new connection for another kind.')).toEqual({ id: 'message.kind', values: { kind: 'other' } });
    expect(match('This connection uses OpenID Connect: add a new connection for another kind.')).toEqual({ id: 'message.kind', values: { kind: 'oidc' } });
  });

  it('matches only the whole text', () => {
    const match = matcher({ 'message.minutes': 'Try again in {minutes, plural, one {# minute} other {# minutes}}.' });
    expect(match('Please Try again in 5 minutes.')).toBeNull();
    expect(match('Try again in 5 minutes. Or not.')).toBeNull();
    expect(match('Try again in many minutes.')).toBeNull();
  });
});
