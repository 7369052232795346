import type { ComponentPropsWithRef, ReactNode } from 'react';
import './fields.css';

export interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  id: string;
  label: string;
  /** The validation message under the field. */
  error?: string;
  /** Something placed inside the field's box, after the input (the password toggle). */
  trailing?: ReactNode;
  /** Ids of further elements describing the input (a server error under it). */
  describedBy?: string;
}

/**
 * A labelled input with its validation message underneath. The message area is always present and polite-live,
 * so a message appearing after a submit is announced.
 */
export function TextField({ id, label, error, trailing, describedBy, className, ...input }: TextFieldProps) {
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
        />
        {trailing}
      </div>
      <p id={messageId} className="field-message" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
