import * as z from 'zod';
import { MESSAGES } from './messages';
import { requiredString, tooLong } from './fields';

/**
 * The shared patterns of spec section 5. Each is a zod schema factory taking the field's label, so the message of
 * a pattern failure is the spec's '{label} must be valid.' and an empty value is 'Required*', on the form and in
 * the server's contract alike. Values are trimmed first (spec section 5, General input behaviour).
 */

/** Spec section 5: names up to 100, company up to 100, bank name up to 50 characters. */
export const PATTERN_LIMITS = { name: 100, company: 100, bankName: 50 } as const;

/** The patterns themselves, for callers that test a value without zod (a field's live hint, say). */
export const PATTERNS = {
  /** Letters (any script, with their accents), spaces, apostrophes (' and ’) and hyphens; up to 100. */
  name: /^[\p{L}\p{M}' ’-]{1,100}$/u,
  /** Any characters, up to 100. */
  company: /^[\s\S]{1,100}$/u,
  /** 6 digits, then optionally a 4-digit extension after a hyphen or a space. */
  postcode: /^[0-9]{6}(?:[- ][0-9]{4})?$/,
  /** 3 to 50 digits. */
  accountNumber: /^[0-9]{3,50}$/,
  /** Letters and the spaces between words, up to 50. */
  bankName: /^[\p{L}\p{M} ]{1,50}$/u,
  /** 3 to 18 letters or digits (IFSC, SWIFT/BIC, routing and sort codes all fit). */
  bankCode: /^[A-Za-z0-9]{3,18}$/,
  /** US-like: 3-3-4 digits, optionally (area code), separated by nothing, a hyphen, a dot or a space. */
  usPhone: /^(?:\([0-9]{3}\)|[0-9]{3})[-. ]?[0-9]{3}[-. ]?[0-9]{4}$/,
} as const;

export type PatternName = keyof typeof PATTERNS;

/** The patterns whose only length rule is a maximum: a longer value is told its limit. */
const LENGTH_OF: Partial<Record<PatternName, number>> = PATTERN_LIMITS;

/** A required text that must match a shared pattern: 'Required*' when empty, '{label} must be valid.' otherwise. */
export function patternField(pattern: PatternName, label: string) {
  const text = requiredString().trim().min(1, MESSAGES.required);
  // Too long is said as such ('Please enter at most 100 characters.'), not as '{label} must be valid.'.
  const limit = LENGTH_OF[pattern];
  return (limit === undefined ? text : text.max(limit, { error: tooLong(limit), abort: true })).regex(PATTERNS[pattern], MESSAGES.invalid(label));
}

/** The same pattern on an optional field: empty is allowed (and becomes undefined). */
export function optionalPatternField(pattern: PatternName, label: string) {
  return z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().regex(PATTERNS[pattern], MESSAGES.invalid(label)).optional());
}

/** A person's first or last name (sign-up, invitation). */
export const personName = (label: string) => patternField('name', label);

/** A company's name (sign-up). */
export const companyName = (label = 'Company Name') => patternField('company', label);

/** Spec section 5 (General input behaviour): leading spaces are removed as the user types. */
export function withoutLeadingSpaces(value: string): string {
  return value.replace(/^\s+/, '');
}
