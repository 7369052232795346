import { Fragment, type ReactNode } from 'react';
import { currentLanguage } from '../../i18n';
import { formatTime } from '../account/account-format';

/**
 * Where an element (a <time>, a <code>) goes in a translated sentence: pass `slot(n)` as the message's argument, and
 * `Slotted` puts its nth child there, so each language keeps its own word order around the elements.
 */
export const slot = (index: number): string => String.fromCharCode(0xe000 + index);
/** The first (often the only) slot. */
export const SLOT = slot(0);

/** The text with each slot replaced by its child (children in slot order). */
export function Slotted({ text, children }: { text: string; children: ReactNode }) {
  const nodes = Array.isArray(children) ? (children as ReactNode[]) : [children];
  return (
    <>
      {text.split(/([\uE000-\uE00F])/).map((piece, index) => {
        const at = piece.length === 1 ? piece.charCodeAt(0) - 0xe000 : -1;
        return <Fragment key={index}>{at >= 0 && at < 16 ? nodes[at] : piece}</Fragment>;
      })}
    </>
  );
}

/** A moment in the language shown, on the device's clock (as the security center shows them). */
export function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatTime(at, currentLanguage())}</time>;
}
