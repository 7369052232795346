import { tEnglish, useT } from '../i18n';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import './fields.css';

export const OTP_LENGTH = 6;

interface OtpInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The group's accessible name. */
  label?: string;
  error?: string;
  disabled?: boolean;
}

/**
 * Six numeric boxes (spec sections 2 and 9). Typing moves on, Backspace moves back, a pasted code fills every box;
 * each box has its own label so a screen reader says which digit it is.
 */
export function OtpInput({ id, value, onChange, label, error, disabled }: OtpInputProps) {
  const t = useT();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: OTP_LENGTH }, (_, index) => value[index] ?? '');
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();

  const setDigit = (index: number, digit: string) => {
    const next = [...digits];
    next[index] = digit;
    onChange(next.join('').replace(/\s/g, ''));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      setDigit(index - 1, '');
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, OTP_LENGTH);
    if (!pasted) return;
    event.preventDefault();
    onChange(pasted);
    focus(pasted.length);
  };

  return (
    <div className="field">
      <fieldset className="otp" aria-describedby={`${id}-message`}>
        <legend className="field-label">{label ?? t('field.otp')}</legend>
        {/* Codes read left to right in every language: the first digit stays on the left in Urdu too. */}
        <div className="otp-boxes" dir="ltr">
          {digits.map((digit, index) => (
            <input
              key={index}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              id={index === 0 ? id : `${id}-${index}`}
              className="field-input otp-box"
              inputMode="numeric"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              maxLength={1}
              aria-label={t('field.otpDigit', { index: index + 1, count: OTP_LENGTH })}
              aria-invalid={error ? true : undefined}
              disabled={disabled}
              value={digit}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={onPaste}
              onChange={(event) => {
                const typed = event.target.value.replace(/\D/g, '').slice(-1);
                setDigit(index, typed);
                if (typed) focus(index + 1);
              }}
            />
          ))}
        </div>
      </fieldset>
      <p id={`${id}-message`} className="field-message" aria-live="polite">
        {error ? tEnglish(error) : null}
      </p>
    </div>
  );
}
