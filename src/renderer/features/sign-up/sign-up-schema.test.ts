import { describe, expect, it } from 'vitest';
import { SignUpPayloadSchema } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { AboutCompanySchema, AboutYouSchema, BLOCKED_PHONE_KEYS, EMPLOYEE_COUNTS, phoneValue } from './sign-up-schema';

describe('sign-up form rules', () => {
  const you = { firstName: 'Sam', lastName: 'Lee', email: 'sam@x.test', countryCode: 'IN', phone: '9876543210', password: 'Better@12345', cpassword: 'Better@12345' };

  it('accepts a phone of 6 to 15 digits and builds "{dial}-{number}" the server accepts', () => {
    expect(AboutYouSchema.safeParse(you).success).toBe(true);
    expect(AboutYouSchema.safeParse({ ...you, phone: '12345' }).error?.issues[0]?.message).toBe(MESSAGES.invalid('Phone'));
    expect(AboutYouSchema.safeParse({ ...you, phone: '' }).error?.issues[0]?.message).toBe(MESSAGES.required);
    expect(phoneValue('+91', '9876543210')).toBe('+91-9876543210');
    expect(SignUpPayloadSchema.shape.phone.safeParse(phoneValue('+91', '9876543210')).success).toBe(true);
  });

  it("asks for the password by spec section 5's rules, and for a confirmation that matches", () => {
    const empty = AboutYouSchema.safeParse({ ...you, password: '', cpassword: '' }).error?.issues ?? [];
    expect(empty.find((issue) => issue.path[0] === 'password')?.message).toBe(MESSAGES.required);
    expect(empty.find((issue) => issue.path[0] === 'cpassword')?.message).toBe(MESSAGES.required);
    expect(AboutYouSchema.safeParse({ ...you, password: 'better@12345', cpassword: 'better@12345' }).error?.issues[0]?.message).toBe(MESSAGES.passwordUppercase);
    expect(AboutYouSchema.safeParse({ ...you, cpassword: 'Better@12344' }).error?.issues[0]).toMatchObject({ message: MESSAGES.passwordMismatch, path: ['cpassword'] });
  });

  it("requires the terms box with the spec's tooltip, and defaults employees to '1-5'", () => {
    const company = { company: 'Acme', numemployees: '1-5' as const, industryType: 'Retail', country: 'India', terms: false };
    expect(AboutCompanySchema.safeParse(company).error?.issues[0]?.message).toBe('Please agree with Terms & Conditions and Privacy Policy');
    expect(AboutCompanySchema.safeParse({ ...company, terms: true }).success).toBe(true);
    expect(EMPLOYEE_COUNTS[0]).toBe('1-5');
  });

  it('blocks the keys of spec section 5 in the phone input', () => {
    for (const key of ['e', 'E', '+', '-', '.', ' ', 'ArrowUp']) expect(BLOCKED_PHONE_KEYS.has(key)).toBe(true);
    expect(BLOCKED_PHONE_KEYS.has('5')).toBe(false);
  });
});
