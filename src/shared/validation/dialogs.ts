import * as z from 'zod';
import { MESSAGES } from './messages';
import { KIT_MESSAGES } from './kit-messages';

/** Spec sections 5 and 9: a comment is required, 3 to 500 characters. */
export const COMMENT_LIMITS = { min: 3, max: 500 } as const;

/** Spec sections 5 and 9: the word typed into a confirm dialog is at most 25 characters. */
export const CONFIRM_WORD_MAX = 25;

/** The comment dialog's field (trimmed). */
export const CommentSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .min(COMMENT_LIMITS.min, KIT_MESSAGES.minChars(COMMENT_LIMITS.min))
  .max(COMMENT_LIMITS.max, KIT_MESSAGES.maxChars(COMMENT_LIMITS.max));

/** The word a confirm dialog asks for: always upper case, at most 25 characters ('delete' → 'DELETE'). */
export function confirmWord(word: string): string {
  return word.trim().toUpperCase().slice(0, CONFIRM_WORD_MAX);
}

/** Whether what the user typed confirms: exactly the uppercased word. */
export function confirmsWord(typed: string, word: string): boolean {
  const expected = confirmWord(word);
  return expected.length > 0 && typed === expected;
}
