import { COMMENT_LIMITS, CommentSchema } from '../../../shared/validation/dialogs';
import { withoutLeadingSpaces } from '../../../shared/validation/patterns';
import { KIT_MESSAGES } from '../../../shared/validation/kit-messages';
import { tEnglish, useLanguage, useT } from '../../i18n/screens';
import '../fields.css';

interface CommentFieldProps {
  /** The textarea's id; its count and message take ids after it. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message under the field (from `checkComment`). */
  error?: string | undefined;
  rows?: number;
}

/**
 * The comment of spec sections 5 and 9 as a field: a box that stops at 500 characters, a live count, the message
 * under it. The comment dialog is this field in a modal; a dialog that asks for a comment beside other things (the
 * console's reason to remove a member, in its confirm dialog) puts the same field in.
 */
export function CommentField({ id, label, value, onChange, error, rows = 5 }: CommentFieldProps) {
  const t = useT();
  const count = new Intl.NumberFormat(useLanguage());
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field-input field-textarea"
        rows={rows}
        maxLength={COMMENT_LIMITS.max}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count ${id}-message`}
        value={value}
        onChange={(event) => onChange(withoutLeadingSpaces(event.target.value))}
      />
      <p id={`${id}-count`} className="field-count">
        {count.format(value.trim().length)}/{count.format(COMMENT_LIMITS.max)}
      </p>
      <p id={`${id}-message`} className="field-message" aria-live="polite">
        {error ? commentMessage(error, t) : null}
      </p>
    </div>
  );
}

/**
 * A comment checked by the comment dialog's rules (required, 3 to 500 characters): the comment, or the message to
 * show. `optional`: an empty box is no comment (undefined), not 'Required*'.
 */
export function checkComment(value: string, { optional = false } = {}): { ok: true; comment: string | undefined } | { ok: false; error: string } {
  if (optional && value.trim() === '') return { ok: true, comment: undefined };
  const parsed = CommentSchema.safeParse(value);
  return parsed.success ? { ok: true, comment: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? 'Required*' };
}

/** The comment's message in the language shown: the length rules by their count, the others through the catalog. */
function commentMessage(error: string, t: ReturnType<typeof useT>): string {
  if (error === KIT_MESSAGES.minChars(COMMENT_LIMITS.min)) return t('kit.minChars', { count: COMMENT_LIMITS.min });
  if (error === KIT_MESSAGES.maxChars(COMMENT_LIMITS.max)) return t('kit.maxChars', { count: COMMENT_LIMITS.max });
  return tEnglish(error);
}
