import { messages } from 'virtual:i18n-catalog/en-later';
import type { MessageId } from '../../shared/i18n/catalog';
import { addEnglish, translate, useLanguage } from '.';

export { ltr, tEnglish, useLanguage, type MessageId } from '.';

/**
 * What the lazy screens import instead of `.`: the same functions, with every id, and the English of the namespaces
 * that are not in /login's first paint, which arrives with them (a static import: no screen renders before it).
 */
addEnglish(messages);

/** Any message in the language shown, with its ICU arguments. */
export const t: (id: MessageId, values?: Record<string, unknown>) => string = translate;

/** `t`, in a component that re-renders when the language changes. */
export function useT(): typeof t {
  useLanguage();
  return t;
}
