import * as z from 'zod';
import { KIT_MESSAGES } from './kit-messages';
import { MESSAGES } from './messages';

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
      if (issue.origin === 'string') return KIT_MESSAGES.maxChars(Number(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set') return `Please choose at most ${Number(issue.maximum)}.`;
      return `Please enter a number up to ${Number(issue.maximum)}.`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? MESSAGES.required : KIT_MESSAGES.minChars(Number(issue.minimum));
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
