import * as z from 'zod';
import { KIT_MESSAGES } from './kit-messages';
import { MESSAGES } from './messages';
import { requiredString } from './plain-errors';

/** A required text: leading and trailing spaces removed, then non-empty. */
export const requiredText = (max = 200) => requiredString().trim().min(1, MESSAGES.required).max(max, KIT_MESSAGES.maxChars(max));

/** An email address: required and valid, compared in lower case. */
export const EmailSchema = requiredString()
  .trim()
  .min(1, MESSAGES.required)
  .max(254, KIT_MESSAGES.maxChars(254))
  .pipe(z.email(MESSAGES.invalid('Email')))
  .transform((value) => value.toLowerCase());

/** An organization id as used in URLs: letters, digits, dot, dash and underscore. */
export const OrgIdSchema = requiredString()
  .trim()
  .min(1, MESSAGES.required)
  .max(64, KIT_MESSAGES.maxChars(64))
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, MESSAGES.invalid('Organization id'));

/** A six-digit one-time code (spec section 9: OTP length 6). */
export const OtpSchema = requiredString()
  .trim()
  .min(1, MESSAGES.required)
  .regex(/^[0-9]{6}$/, MESSAGES.otpLength);

/** A recovery code in the 'xxxx-xxxxx' shape. */
export const RecoveryCodeSchema = requiredString()
  .trim()
  .min(1, MESSAGES.required)
  .regex(/^[A-Za-z0-9]{4}-[A-Za-z0-9]{5}$/, MESSAGES.invalid('Recovery code'));
