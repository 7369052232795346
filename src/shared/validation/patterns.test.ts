import { describe, expect, it } from 'vitest';
import { SignUpPayloadSchema } from '../protocol';
import { EVENTS } from '../protocol/contract';
import { CommentSchema, confirmsWord, confirmWord } from './dialogs';
import { MESSAGES } from './messages';
import { PATTERNS, patternField, optionalPatternField, withoutLeadingSpaces } from './patterns';

const firstIssue = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => result.error?.issues[0];

describe('shared patterns of spec section 5', () => {
  it('names: letters, spaces, apostrophes and hyphens, up to 100', () => {
    const name = patternField('name', 'First Name');
    for (const good of ['Ada', "O'Brien", 'Anne-Marie', 'Zoë', 'José María', 'D’Souza', 'अनिल', 'x'.repeat(100)]) expect(name.safeParse(good).success, good).toBe(true);
    for (const bad of ['R2D2', 'Ada!', 'a.b', 'Robert; DROP']) expect(firstIssue(name.safeParse(bad))?.message, bad).toBe('First Name must be valid.');
    // Too long is said as such, and alone (issue 24: it read "must be valid").
    expect(name.safeParse('x'.repeat(101)).error?.issues.map((issue) => issue.message)).toEqual(['Please enter at most 100 characters.']);
    expect(firstIssue(name.safeParse(''))?.message).toBe('Required*');
    expect(firstIssue(name.safeParse('   '))?.message).toBe('Required*');
    expect(name.parse('  Ada  ')).toBe('Ada');
  });

  it('company: anything up to 100 characters', () => {
    const company = patternField('company', 'Company Name');
    expect(company.safeParse('Acme & Sons (India) Pvt. Ltd. #1').success).toBe(true);
    expect(company.safeParse('c'.repeat(100)).success).toBe(true);
    expect(firstIssue(company.safeParse('c'.repeat(101)))?.message).toBe('Please enter at most 100 characters.');
    expect(firstIssue(company.safeParse(''))?.message).toBe('Required*');
  });

  it('postcode: 6 digits with an optional 4-digit extension', () => {
    for (const good of ['560001', '560001-1234', '560001 1234']) expect(PATTERNS.postcode.test(good), good).toBe(true);
    for (const bad of ['56001', '5600011', '560001-123', '560001-12345', 'ABCDEF']) expect(PATTERNS.postcode.test(bad), bad).toBe(false);
    expect(firstIssue(patternField('postcode', 'Postcode').safeParse('123'))?.message).toBe('Postcode must be valid.');
  });

  it('account number: 3 to 50 digits', () => {
    expect(PATTERNS.accountNumber.test('123')).toBe(true);
    expect(PATTERNS.accountNumber.test('1'.repeat(50))).toBe(true);
    expect(PATTERNS.accountNumber.test('12')).toBe(false);
    expect(PATTERNS.accountNumber.test('1'.repeat(51))).toBe(false);
    expect(PATTERNS.accountNumber.test('12a45')).toBe(false);
  });

  it('bank name: letters, up to 50; bank code: 3 to 18 letters or digits', () => {
    expect(PATTERNS.bankName.test('State Bank of India')).toBe(true);
    expect(PATTERNS.bankName.test('b'.repeat(50))).toBe(true);
    expect(PATTERNS.bankName.test('b'.repeat(51))).toBe(false);
    expect(PATTERNS.bankName.test('Bank 24')).toBe(false);
    for (const good of ['SBI', 'SBIN0001234', 'DEUTDEFF500', '021000021', 'A'.repeat(18)]) expect(PATTERNS.bankCode.test(good), good).toBe(true);
    for (const bad of ['SB', 'A'.repeat(19), 'SBIN-0001']) expect(PATTERNS.bankCode.test(bad), bad).toBe(false);
  });

  it('phone: US-like format', () => {
    for (const good of ['2025550143', '202-555-0143', '(202) 555-0143', '202.555.0143', '(202)555-0143']) expect(PATTERNS.usPhone.test(good), good).toBe(true);
    for (const bad of ['555-0143', '202-555-01434', '+1 202 555 0143', 'phone']) expect(PATTERNS.usPhone.test(bad), bad).toBe(false);
  });

  it('an optional field may be empty but not wrong', () => {
    const postcode = optionalPatternField('postcode', 'Postcode');
    expect(postcode.parse('')).toBeUndefined();
    expect(postcode.parse(' 560001 ')).toBe('560001');
    expect(firstIssue(postcode.safeParse('12'))?.message).toBe('Postcode must be valid.');
  });

  it('removes leading spaces as typed, keeping the rest', () => {
    expect(withoutLeadingSpaces('   Ada Lovelace ')).toBe('Ada Lovelace ');
    expect(withoutLeadingSpaces('\t\nx')).toBe('x');
    expect(withoutLeadingSpaces('x')).toBe('x');
  });
});

describe('the contract applies the same patterns (client and server parse with it)', () => {
  const signUp = { firstName: 'Sam', lastName: 'Lee', email: 'sam@x.test', password: 'Better@12345', cpassword: 'Better@12345', company: 'Acme', phone: '+91-9876543210', numemployees: '1-5', country: 'India', industryType: 'Retail' };
  const member = { firstName: 'Sam', lastName: 'Lee', email: 'sam@x.test', password: 'Member@12345', inviteCode: 'code' };

  it("sign-up: 'R2D2' and a 101-character name are not valid, an empty one is required", () => {
    expect(SignUpPayloadSchema.safeParse(signUp).success).toBe(true);
    expect(firstIssue(SignUpPayloadSchema.safeParse({ ...signUp, firstName: 'R2D2' }))).toMatchObject({ message: 'First Name must be valid.', path: ['firstName'] });
    expect(firstIssue(SignUpPayloadSchema.safeParse({ ...signUp, lastName: 'L'.repeat(101) }))).toMatchObject({ message: 'Please enter at most 100 characters.', path: ['lastName'] });
    expect(firstIssue(SignUpPayloadSchema.safeParse({ ...signUp, company: 'C'.repeat(101) }))).toMatchObject({ message: 'Please enter at most 100 characters.' });
    expect(firstIssue(SignUpPayloadSchema.safeParse({ ...signUp, firstName: '' }))?.message).toBe(MESSAGES.required);
  });

  it("sign-up: the first admin's password follows spec section 5, and the event refuses a confirmation that differs", () => {
    expect(firstIssue(SignUpPayloadSchema.safeParse({ ...signUp, password: 'lowercase1!', cpassword: 'lowercase1!' }))?.message).toBe(MESSAGES.passwordUppercase);
    expect(firstIssue(SignUpPayloadSchema.safeParse({ ...signUp, cpassword: '' }))).toMatchObject({ message: MESSAGES.required, path: ['cpassword'] });
    expect(firstIssue(EVENTS.signUp.payload.safeParse({ ...signUp, cpassword: 'Other@12345' }))).toMatchObject({ message: MESSAGES.passwordMismatch, path: ['cpassword'] });
    expect(EVENTS.signUp.payload.safeParse({ ...signUp, password: ' Better@12345 ' }).success).toBe(true);
  });

  it('registerAsMember: the same rules for the invited member', () => {
    const payload = EVENTS.registerAsMember.payload;
    expect(payload.safeParse(member).success).toBe(true);
    expect(firstIssue(payload.safeParse({ ...member, firstName: 'R2D2' }))?.message).toBe('First Name must be valid.');
    expect(firstIssue(payload.safeParse({ ...member, lastName: 'x'.repeat(101) }))?.message).toBe('Please enter at most 100 characters.');
  });
});

describe('dialog rules of spec sections 5 and 9', () => {
  it('comment: required, 3 to 500 characters', () => {
    expect(firstIssue(CommentSchema.safeParse(''))?.message).toBe('Required*');
    expect(firstIssue(CommentSchema.safeParse('ab'))?.message).toBe('Please enter at least 3 characters.');
    expect(CommentSchema.safeParse('abc').success).toBe(true);
    expect(CommentSchema.safeParse('a'.repeat(500)).success).toBe(true);
    expect(firstIssue(CommentSchema.safeParse('a'.repeat(501)))?.message).toBe('Please enter at most 500 characters.');
  });

  it('confirm word: the uppercased word, at most 25 characters, typed exactly', () => {
    expect(confirmWord('delete')).toBe('DELETE');
    expect(confirmWord('w'.repeat(30))).toHaveLength(25);
    expect(confirmsWord('DELETE', 'delete')).toBe(true);
    expect(confirmsWord('delete', 'delete')).toBe(false);
    expect(confirmsWord('DELET', 'delete')).toBe(false);
    expect(confirmsWord('', '')).toBe(false);
  });
});
