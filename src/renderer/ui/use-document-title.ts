import { useEffect } from 'react';

/**
 * Sets the document title while a screen is shown, for a screen whose title says more than its route's
 * ("Members · Acme · Admin console · Suite Portal"). The chrome writes the route's title in its own effect, which
 * React runs after the screen's when both change in one render (a parent's effects run after its children's): the
 * screen's title is written again once that pass is over, so the more precise one stays.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    let live = true;
    document.title = title;
    queueMicrotask(() => {
      if (live) document.title = title;
    });
    return () => {
      live = false;
      document.title = 'Suite Portal';
    };
  }, [title]);
}
