import { useEffect, useRef, type RefObject } from 'react';

/**
 * A screen that changes in place (the next step of a form, a success panel) moves focus to its heading when `key`
 * changes, as a route change does (app-chrome.tsx), so a screen reader announces the new part and keyboard users
 * start at its top; never on the first render. Attach the returned ref to the heading shown.
 */
export function useFocusHeadingOnChange(key: unknown): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement | null>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = heading.current;
    if (!element) return;
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus();
  }, [key]);
  return heading;
}
