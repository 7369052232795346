import * as z from 'zod';
import { MESSAGES } from './messages';
import { requiredString, tooLong } from './fields';

/** Password minimum length (spec section 9). */
export const PASSWORD_MIN = 8;

/** The live checklist of spec section 5: label shown to the user and the test it stands for. */
export const PASSWORD_CHECKLIST = [
  { label: 'Minimum 8 Characters', test: (value: string) => value.length >= PASSWORD_MIN },
  { label: 'Uppercase', test: (value: string) => /[A-Z]/.test(value) },
  { label: 'Lowercase', test: (value: string) => /[a-z]/.test(value) },
  { label: '1 Numeric Number', test: (value: string) => /[0-9]/.test(value) },
  { label: '1 Special Character', test: (value: string) => /[^A-Za-z0-9\s]/.test(value) },
] as const;

/** A new password (sign-up, reset, change, invite registration): trimmed, then every rule of spec section 5. */
export const NewPasswordSchema = requiredString()
  .trim()
  .min(1, MESSAGES.required)
  .min(PASSWORD_MIN, MESSAGES.passwordMin)
  .max(128, tooLong(128))
  .regex(/[A-Z]/, MESSAGES.passwordUppercase)
  .regex(/[a-z]/, MESSAGES.passwordLowercase)
  .regex(/[0-9]/, MESSAGES.passwordNumber)
  .regex(/[^A-Za-z0-9\s]/, MESSAGES.passwordSpecial);

/** A password typed to sign in: required and at least 8 characters (spec section 5, Login). */
export const LoginPasswordSchema = requiredString()
  .trim()
  .min(1, MESSAGES.required)
  .min(PASSWORD_MIN, MESSAGES.passwordMin)
  .max(128, tooLong(128));

/** A new password and its confirmation (reset, sign-up, change): every rule, then 'Password and confirm password does not match'. */
export const NewPasswordPairSchema = z
  .object({
    password: NewPasswordSchema,
    cpassword: requiredString().trim().min(1, MESSAGES.required).max(128, tooLong(128)),
  })
  .refine((value) => value.password === value.cpassword, { message: MESSAGES.passwordMismatch, path: ['cpassword'] });
