import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { EmailSchema, OtpSchema, RecoveryCodeSchema, tooLong, tooShort } from '../../shared/validation/fields';
import { CommentSchema } from '../../shared/validation/dialogs';
import { KIT_MESSAGES } from '../../shared/validation/kit-messages';
import { MESSAGES } from '../../shared/validation/messages';
import { NewPasswordPairSchema } from '../../shared/validation/password';
import { AuthorizeSignInSchema } from './authorize/authorize-form';
import { ChangePasswordSchema } from './change-password/change-password-screen';
import { RegisterSchema } from './invite/register-as-member-form';
import { SignUpSchema as OnboardingSignUpSchema } from './onboarding/onboarding-sign-up-screen';
import { ForgotPasswordScreen, ForgotSchema } from './password-reset/forgot-password-screen';
import { COPIED } from '../ui/copy';
import { ForgetWithRecoverySchema } from './recovery/forget-with-recovery-screen';
import { checkSignIn } from './sign-in/sign-in-schema';
import { AboutCompanySchema, AboutYouSchema } from './sign-up/sign-up-schema';

// Issue 24, "Texts and states": every schema failure a person can see is one of the spec's messages or a plain
// sentence of ours, never the validation library's ("Too big: expected string to have <=254 characters",
// "Invalid input"). Each form below gets, field by field, an empty value, a far too long one and a unicode one.

const PASSWORD = 'Str0ng#Pass';
const FORMS: { name: string; schema: z.ZodType; valid: Record<string, unknown> }[] = [
  { name: 'sign-in', schema: AuthorizeSignInSchema, valid: { identifier: 'ada@acme.test', password: PASSWORD } },
  { name: 'authorize', schema: AuthorizeSignInSchema, valid: { identifier: 'ada@acme.test', password: PASSWORD } },
  { name: 'forgot password', schema: ForgotSchema, valid: { email: 'ada@acme.test' } },
  {
    name: 'sign-up, about you',
    schema: AboutYouSchema,
    valid: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', countryCode: 'IN', phone: '9876543210', password: PASSWORD, cpassword: PASSWORD },
  },
  {
    name: 'sign-up, about the company',
    schema: AboutCompanySchema,
    valid: { company: 'Acme', numemployees: '1-5', industryType: 'Retail', country: 'India', referral: '', terms: true },
  },
  { name: 'invitation registration', schema: RegisterSchema, valid: { firstName: 'Ada', lastName: 'Lovelace', password: PASSWORD, cpassword: PASSWORD } },
  { name: 'onboarding sign-up', schema: OnboardingSignUpSchema, valid: { email: 'ada@acme.test', password: PASSWORD, cpassword: PASSWORD } },
  { name: 'change password', schema: ChangePasswordSchema, valid: { oldPassword: 'Old#Pass123', password: PASSWORD, cpassword: PASSWORD } },
  { name: 'reset password, verify email', schema: NewPasswordPairSchema, valid: { password: PASSWORD, cpassword: PASSWORD } },
  { name: 'forgot with recovery code', schema: ForgetWithRecoverySchema, valid: { identifier: 'ada', recoveryCode: 'abcd-efghi' } },
];
const SINGLE_FIELDS: { name: string; schema: z.ZodType }[] = [
  { name: 'verify email', schema: EmailSchema },
  { name: 'one-time code', schema: OtpSchema },
  { name: 'recovery code', schema: RecoveryCodeSchema },
  { name: 'comment dialog', schema: CommentSchema },
];

const INPUTS = { empty: '', spaces: '   ', tooLong: 'x'.repeat(5000), longEmail: `${'a'.repeat(300)}@acme.test`, unicode: 'Zoë 名前 😀 Ωμέγα' };

/** The spec's messages and our own sentences: the only texts a schema failure may show. */
const SPEC_TEXTS = new Set<string>(Object.values(MESSAGES as Record<string, unknown>).filter((value): value is string => typeof value === 'string'));
function isOurs(message: string): boolean {
  return (
    SPEC_TEXTS.has(message) ||
    /^[A-Z][A-Za-z ]* must be valid\.$/.test(message) ||
    /^Please enter at (most|least) \d+ characters\.$/.test(message) ||
    message === 'This value is not valid.'
  );
}

const messagesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('every form says what is wrong in the spec\'s words or ours', () => {
  for (const form of FORMS) {
    it(`${form.name}: empty, too long and unicode input in each field`, () => {
      expect(messagesOf(form.schema, form.valid)).toEqual([]);
      for (const field of Object.keys(form.valid).filter((key) => typeof form.valid[key] === 'string')) {
        for (const [kind, value] of Object.entries(INPUTS)) {
          for (const message of messagesOf(form.schema, { ...form.valid, [field]: value })) {
            expect({ form: form.name, field, kind, message, ours: isOurs(message) }).toMatchObject({ ours: true });
          }
        }
        for (const message of messagesOf(form.schema, { ...form.valid, [field]: undefined })) expect(message).toBe(MESSAGES.required);
      }
    });
  }
  for (const field of SINGLE_FIELDS) {
    it(`${field.name}: empty, too long and unicode input`, () => {
      for (const [kind, value] of Object.entries(INPUTS)) {
        for (const message of messagesOf(field.schema, value)) expect({ field: field.name, kind, message, ours: isOurs(message) }).toMatchObject({ ours: true });
      }
      expect(messagesOf(field.schema, undefined)).toEqual([MESSAGES.required]);
    });
  }

  it("says a length in the kit's own words", () => {
    for (const count of [1, 25, 254]) {
      expect(tooLong(count)).toBe(KIT_MESSAGES.maxChars(count));
      expect(tooShort(count)).toBe(KIT_MESSAGES.minChars(count));
    }
    expect(COPIED.link('Invitation')).toBe(KIT_MESSAGES.linkCopied('Invitation'));
    expect(COPIED.value('Password')).toBe(KIT_MESSAGES.valueCopied('Password'));
  });

  it('names the limit of a value too long, where the library said "Too big", "Required*" or "must be valid"', () => {
    // A 5,000-character identifier on sign-in.
    expect(checkSignIn({ identifier: INPUTS.tooLong, password: PASSWORD }).errors).toEqual({ identifier: KIT_MESSAGES.maxChars(254) });
    // A 312-character email on Forgot Password.
    expect(messagesOf(ForgotSchema, { email: INPUTS.longEmail })).toEqual([KIT_MESSAGES.maxChars(254)]);
    // A 101-character first name.
    expect(messagesOf(RegisterSchema, { firstName: 'a'.repeat(101), lastName: 'Lee', password: PASSWORD, cpassword: PASSWORD })).toEqual([KIT_MESSAGES.maxChars(100)]);
    expect(messagesOf(AboutYouSchema, { ...FORMS[3]!.valid, lastName: 'a'.repeat(101) })).toEqual([KIT_MESSAGES.maxChars(100)]);
    // Empty is still 'Required*', a pattern failure '{label} must be valid.'.
    expect(messagesOf(ForgotSchema, { email: '' })).toEqual([MESSAGES.required]);
    expect(messagesOf(ForgotSchema, { email: INPUTS.unicode })).toEqual([MESSAGES.invalid('Email')]);
    expect(messagesOf(RegisterSchema, { firstName: 'R2D2', lastName: 'Lee', password: PASSWORD, cpassword: PASSWORD })).toEqual([MESSAGES.invalid('First Name')]);
    // A name in another script is a name.
    expect(messagesOf(RegisterSchema, { firstName: 'Zoë', lastName: '名前', password: PASSWORD, cpassword: PASSWORD })).toEqual([]);
  });

  it('shows the Forgot Password screen\'s limit under the field, not Required*', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/forgot-password']}>
        <ForgotPasswordScreen />
      </MemoryRouter>,
    );
    const email = screen.getByLabelText('Email address');
    await user.click(email);
    await user.paste(INPUTS.longEmail);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(KIT_MESSAGES.maxChars(254)));
  });
});
