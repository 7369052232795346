import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from 'react';
import './fields.css';
import { tEnglish } from '../i18n';

export interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  id: string;
  label: string;
  /** The validation message under the field. */
  error?: string;
  /** Something placed inside the field's box, after the input (the password toggle). */
  trailing?: ReactNode;
  /** Ids of further elements describing the input (a server error under it). */
  describedBy?: string;
  /** Spec section 5: leading spaces are removed as typed. A field where they matter opts out. */
  keepLeadingSpaces?: boolean;
}

/** Removes leading spaces from the typed value before anyone reads it, keeping the caret where it was. */
function stripLeadingSpaces(event: ChangeEvent<HTMLInputElement>): void {
  const input = event.target;
  const stripped = input.value.replace(/^\s+/, '');
  if (stripped === input.value) return;
  const caret = input.selectionStart === null ? null : Math.max(0, input.selectionStart - (input.value.length - stripped.length));
  input.value = stripped;
  // Email and number inputs have no selection API.
  if (caret !== null && input.selectionStart !== null) input.setSelectionRange(caret, caret);
}

/**
 * A labelled input with its validation message underneath; leading spaces are removed as the user types. The message area is always present and polite-live,
 * so a message appearing after a submit is announced.
 */
export function TextField({ id, label, error, trailing, describedBy, keepLeadingSpaces = false, className, onChange, ...input }: TextFieldProps) {
  const messageId = `${id}-message`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className={`field-box${trailing ? ' field-box-with-trailing' : ''}`}>
        <input
          id={id}
          className="field-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={[messageId, describedBy].filter(Boolean).join(' ')}
          {...input}
          onChange={(event) => {
            if (!keepLeadingSpaces) stripLeadingSpaces(event);
            onChange?.(event);
          }}
        />
        {trailing}
      </div>
      <p id={messageId} className="field-message" aria-live="polite">
        {error ? tEnglish(error) : null}
      </p>
    </div>
  );
}
