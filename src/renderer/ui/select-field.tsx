import type { ComponentPropsWithRef } from 'react';
import './fields.css';

interface SelectFieldProps extends ComponentPropsWithRef<'select'> {
  id: string;
  label: string;
  error?: string;
  /** The choices; consecutive ones with the same `group` are shown under that heading (an <optgroup>). */
  options: readonly SelectOption[];
}

export interface SelectOption {
  value: string;
  label: string;
  group?: string;
}

/** The options in runs: an ungrouped option alone, or consecutive options of one group. */
function runsOf(options: readonly SelectOption[]): { group: string | undefined; options: SelectOption[] }[] {
  const runs: { group: string | undefined; options: SelectOption[] }[] = [];
  for (const option of options) {
    const last = runs.at(-1);
    if (last && option.group !== undefined && last.group === option.group) last.options.push(option);
    else runs.push({ group: option.group, options: [option] });
  }
  return runs;
}

const optionOf = (option: SelectOption) => (
  <option key={option.value} value={option.value}>
    {option.label}
  </option>
);

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
          {runsOf(options).map((run) =>
            run.group === undefined ? (
              run.options.map(optionOf)
            ) : (
              <optgroup key={`group-${run.group}`} label={run.group}>
                {run.options.map(optionOf)}
              </optgroup>
            ),
          )}
        </select>
      </div>
      <p id={messageId} className="field-message" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
