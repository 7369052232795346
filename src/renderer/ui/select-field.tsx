import type { ComponentPropsWithRef } from 'react';
import './fields.css';

interface SelectFieldProps extends ComponentPropsWithRef<'select'> {
  id: string;
  label: string;
  error?: string;
  options: readonly { value: string; label: string }[];
}

/** A labelled native select (keyboard and screen-reader behaviour for free) with its validation message. */
export function SelectField({ id, label, error, options, className, ...select }: SelectFieldProps) {
  const messageId = `${id}-message`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-box">
        <select id={id} className="field-input field-select" aria-invalid={error ? true : undefined} aria-describedby={messageId} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <p id={messageId} className="field-message" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
