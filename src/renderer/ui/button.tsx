import type { ComponentPropsWithRef } from 'react';
import { Spinner } from './spinner';

interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: 'primary' | 'secondary' | 'link';
  /** Shows a spinner and disables the button; the accessible name stays the same. */
  loading?: boolean;
}

export function Button({ variant = 'primary', loading = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={['button', `button-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="small" /> : null}
      {children}
    </button>
  );
}
