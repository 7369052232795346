import * as z from 'zod';
import { MESSAGES } from './messages';

/**
 * The kit's words for a length (spec sections 5 and 8, KIT_MESSAGES.maxChars and minChars), repeated here rather than
 * imported: kit-messages.ts would then be a chunk of its own in every form's preload list (scripts/login-bundle.mjs).
 * src/renderer/features/form-texts.test.tsx holds them equal.
 */
export const tooLong = (count: number) => `Please enter at most ${count} characters.`;
export const tooShort = (count: number) => `Please enter at least ${count} characters.`;

/**
 * Every schema failure a person can see is one of the spec's messages or a plain sentence of ours, never zod's own
 * text ("Too big: expected string to have <=254 characters", "Invalid input"). Rules name their message where the spec
 * gives one; this is the sentence for every other failure, installed as zod's `customError` (below), which zod uses
 * for any issue whose schema names no message of its own, before its English locale.
 */
export function plainIssueMessage(issue: z.core.$ZodRawIssue): string {
  const missing = issue.input === undefined || issue.input === null;
  switch (issue.code) {
    case 'invalid_type':
      return missing ? MESSAGES.required : 'This value is not valid.';
    case 'too_big':
      if (issue.origin === 'string') return tooLong(Number(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set') return `Please choose at most ${Number(issue.maximum)}.`;
      return `Please enter a number up to ${Number(issue.maximum)}.`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? MESSAGES.required : tooShort(Number(issue.minimum));
      if (issue.origin === 'array' || issue.origin === 'set') return Number(issue.minimum) <= 1 ? MESSAGES.required : `Please choose at least ${Number(issue.minimum)}.`;
      return `Please enter a number from ${Number(issue.minimum)}.`;
    case 'unrecognized_keys':
      return 'This request has fields it should not have.';
    default:
      return missing ? MESSAGES.required : 'This value is not valid.';
  }
}

z.config({ customError: plainIssueMessage });

/**
 * A string that must be present: 'Required*' when it is missing (or not text). Its checks keep their own messages,
 * and a check without one gets `plainIssueMessage`'s, never 'Required*' (`z.string({ error })` would give every
 * check of the schema that message: a 312-character email read 'Required*').
 */
export const requiredString = () => z.string({ error: (issue) => (issue.code === 'invalid_type' ? MESSAGES.required : undefined) });

/** A required text: leading and trailing spaces removed, then non-empty. */
export const requiredText = (max = 200) => requiredString().trim().min(1, MESSAGES.required).max(max, tooLong(max));

/** An email address: required and valid, compared in lower case. */
export const EmailSchema = requiredString()
  .trim()
  .min(1, MESSAGES.required)
  .max(254, tooLong(254))
  .pipe(z.email(MESSAGES.invalid('Email')))
  .transform((value) => value.toLowerCase());

/** An organization id as used in URLs: letters, digits, dot, dash and underscore. */
export const OrgIdSchema = requiredString()
  .trim()
  .min(1, MESSAGES.required)
  .max(64, tooLong(64))
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
