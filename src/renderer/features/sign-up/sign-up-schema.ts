import * as z from 'zod';
import { passwordsMatch, SignUpPayloadSchema } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { requiredString } from '../../../shared/validation/fields';

const fields = SignUpPayloadSchema.shape;

/** Employee-count options (spec section 3); the first is the default. */
export const EMPLOYEE_COUNTS = fields.numemployees.options;
export const INDUSTRIES = ['Information Technology', 'Manufacturing', 'Retail', 'Healthcare', 'Education', 'Finance', 'Construction', 'Hospitality', 'Other'];

/**
 * Step 1, aboutYou: the contract's rules for names, email and the password with its confirmation (spec section 5,
 * 'Password and confirm password does not match'); the phone without its dial code, 6 to 15 digits.
 */
export const AboutYouSchema = z
  .object({
    firstName: fields.firstName,
    lastName: fields.lastName,
    email: fields.email,
    countryCode: z.string().min(1, MESSAGES.required),
    phone: requiredString()
      .trim()
      .min(1, MESSAGES.required)
      .regex(/^[0-9]{6,15}$/, MESSAGES.invalid('Phone')),
    password: fields.password,
    cpassword: fields.cpassword,
  })
  .superRefine(passwordsMatch);
export type AboutYouValues = z.output<typeof AboutYouSchema>;

/** Step 2, aboutCompany; the terms box must be on (its tooltip says so). */
export const AboutCompanySchema = z.object({
  company: fields.company,
  numemployees: fields.numemployees,
  industryType: z.string().trim().min(1, MESSAGES.required),
  country: z.string().trim().min(1, MESSAGES.required),
  referral: z.string().trim().max(200).optional(),
  terms: z.boolean().refine((value) => value, MESSAGES.termsRequired),
});
export type AboutCompanyValues = z.output<typeof AboutCompanySchema>;

/** Spec section 5: the phone input refuses e, E, +, - and '.', and like number inputs Space and the up/down arrows. */
export const BLOCKED_PHONE_KEYS = new Set(['e', 'E', '+', '-', '.', ' ', 'ArrowUp', 'ArrowDown']);

/** Spec section 3: the phone is stored as "{dial}-{number}". */
export function phoneValue(dialCode: string, number: string): string {
  return `${dialCode}-${number}`;
}
