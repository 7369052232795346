import { describe, expect, it } from 'vitest';
import { tooLong } from './fields';
import { MESSAGES } from './messages';
import { LoginPasswordSchema, NewPasswordPairSchema, NewPasswordSchema, PASSWORD_CHECKLIST } from './password';

// Each rule of a new password (spec section 5) on its own: a password that meets every rule but one is refused with
// that rule's message, so dropping any one rule fails its own line here (scripts/mutation-check.mjs checks it).
const GOOD = 'Abcdef1!';
const MISSING_ONE_RULE = [
  { rule: 'minimum length', password: 'Abcde1!', message: MESSAGES.passwordMin, label: 'Minimum 8 Characters' },
  { rule: 'uppercase', password: 'abcdef1!', message: MESSAGES.passwordUppercase, label: 'Uppercase' },
  { rule: 'lowercase', password: 'ABCDEF1!', message: MESSAGES.passwordLowercase, label: 'Lowercase' },
  { rule: 'number', password: 'Abcdefg!', message: MESSAGES.passwordNumber, label: '1 Numeric Number' },
  { rule: 'special character', password: 'Abcdefg1', message: MESSAGES.passwordSpecial, label: '1 Special Character' },
];

const messagesOf = (value: unknown) => NewPasswordSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('new password rules', () => {
  it('takes a password that meets every rule, trimmed', () => {
    expect(NewPasswordSchema.parse(` ${GOOD} `)).toBe(GOOD);
    expect(messagesOf('Zoë-Ünïcode 2026')).toEqual([]);
  });

  for (const { rule, password, message } of MISSING_ONE_RULE) {
    it(`refuses a password without the ${rule} rule, with that rule's message only`, () => {
      expect(messagesOf(password)).toEqual([message]);
    });
  }

  it('counts a space as no special character, and length after trimming', () => {
    expect(messagesOf('Abcdef 1')).toEqual([MESSAGES.passwordSpecial]);
    expect(messagesOf('  Abc1!xy  ')).toEqual([MESSAGES.passwordMin]);
  });

  it('is required, and at most 128 characters', () => {
    expect(messagesOf('')[0]).toBe(MESSAGES.required);
    expect(messagesOf(undefined)).toEqual([MESSAGES.required]);
    expect(messagesOf(`${GOOD}${'a'.repeat(121)}`)).toEqual([tooLong(128)]);
    expect(messagesOf(`${GOOD}${'a'.repeat(120)}`)).toEqual([]);
  });

  it('asks the confirmation to match', () => {
    const mismatch = NewPasswordPairSchema.safeParse({ password: GOOD, cpassword: `${GOOD}x` });
    expect(mismatch.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['cpassword', MESSAGES.passwordMismatch]]);
    expect(NewPasswordPairSchema.safeParse({ password: GOOD, cpassword: GOOD }).success).toBe(true);
  });
});

describe('the live checklist', () => {
  it('ticks every item for a good password', () => {
    expect(PASSWORD_CHECKLIST.filter((item) => !item.test(GOOD))).toEqual([]);
  });

  for (const { rule, password, label } of MISSING_ONE_RULE) {
    it(`leaves only "${label}" unticked for a password without the ${rule} rule`, () => {
      expect(PASSWORD_CHECKLIST.filter((item) => !item.test(password)).map((item) => item.label)).toEqual([label]);
    });
  }
});

describe('sign-in password', () => {
  it('asks only for 8 to 128 characters, whatever they are', () => {
    expect(LoginPasswordSchema.safeParse('abcdefgh').success).toBe(true);
    expect(LoginPasswordSchema.safeParse('abcdefg').error?.issues[0]?.message).toBe(MESSAGES.passwordMin);
  });
});
