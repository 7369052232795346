import { useState } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '../../shared/limits';
import { tEnglish, useLanguage } from '../i18n';
import { Button } from './button';
import { showToast } from './toast';

/**
 * The kit's confirmations (spec section 8, KIT_MESSAGES.linkCopied and valueCopied), repeated rather than imported:
 * the kit's texts would otherwise become a chunk of their own in every screen's preload list, /login's included
 * (scripts/login-bundle.mjs). src/renderer/features/form-texts.test.tsx holds them equal.
 */
export const COPIED = {
  link: (label: string) => `${label} link copied to clipboard.`,
  value: (label: string) => `${label} copied to clipboard.`,
} as const;

/** Puts text on the clipboard; false when the browser refuses (no permission, an insecure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Spec section 8: copies a link and confirms '{label} link copied to clipboard.' (the toast closes after 3000 ms). */
export async function copyLink(url: string, label: string): Promise<void> {
  if (await copyText(url)) showToast(COPIED.link(label), 'success', { durationMs: TOAST_AUTO_CLOSE_MS });
  else showToast('Copying is not allowed here. Select the text and copy it instead.', 'error');
}

/** As copyLink, for a value that is not a link (a generated password): '{label} copied to clipboard.' */
export async function copyValue(value: string, label: string): Promise<void> {
  if (await copyText(value)) showToast(COPIED.value(label), 'success', { durationMs: TOAST_AUTO_CLOSE_MS });
  else showToast('Copying is not allowed here. Select the text and copy it instead.', 'error');
}

interface CopyButtonProps {
  /** What goes on the clipboard. */
  value: string;
  /** The button's accessible name ('Copy secret key'). */
  label: string;
  /** The visible text; the label when absent. */
  children?: string;
}

/** A button that copies a value and says so in place ('Copied') for screen readers and sighted users alike. */
export function CopyButton({ value, label, children }: CopyButtonProps) {
  // Its two states are English here and shown in the screen's language (their ids are copy.*, loaded with the screens).
  useLanguage();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <Button
      variant="secondary"
      className="copy-button"
      aria-label={label}
      onClick={() => {
        void copyText(value).then((copied) => {
          setState(copied ? 'copied' : 'failed');
          setTimeout(() => setState('idle'), TOAST_AUTO_CLOSE_MS);
        });
      }}
    >
      {children ?? label}
      <span className="copy-state" role="status">
        {state === 'copied' ? ` — ${tEnglish('Copied')}` : state === 'failed' ? ` — ${tEnglish('Select and copy it instead')}` : ''}
      </span>
    </Button>
  );
}
