import { useId, type ReactNode } from 'react';
import './choice-card.css';

interface ChoiceCardProps {
  type: 'radio' | 'checkbox';
  /** The visible title; it is also the control's accessible name. */
  label: string;
  /** A line under the title, read as the control's description. */
  description?: ReactNode;
  icon?: ReactNode;
  name?: string;
  id?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * One option as a card: a real radio or checkbox (arrow keys move between radios, Space toggles a checkbox) under a
 * card that shows its state. The title names the control and the description describes it.
 */
export function ChoiceCard({ type, label, description, icon, name, id, checked, disabled, onChange }: ChoiceCardProps) {
  const generated = useId();
  const inputId = id ?? `choice-${generated}`;
  return (
    <label className="choice" htmlFor={inputId}>
      <input
        id={inputId}
        className="choice-input"
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        aria-labelledby={`${inputId}-title`}
        aria-describedby={description ? `${inputId}-description` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="choice-card">
        {icon ? (
          <span className="choice-icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <span className="choice-text">
          <span id={`${inputId}-title`} className="choice-title">
            {label}
          </span>
          {description ? (
            <span id={`${inputId}-description`} className="choice-description">
              {description}
            </span>
          ) : null}
        </span>
        <span className={`choice-check${type === 'checkbox' ? ' choice-check-box' : ''}`} aria-hidden="true" />
      </span>
    </label>
  );
}
