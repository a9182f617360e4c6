import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * For a layout: after each move to another page (another path), the focus goes to the new page's h1.
 * The first page of a visit keeps the browser's focus (a page load starts at the top anyway); a change
 * of query string alone (a list's search) moves nothing.
 */
export function useRouteHeadingFocus(): void {
  const { pathname, key } = useLocation();
  // The router gives the first location of a visit the key 'default'.
  const shownPath = useRef<string | null>(key === 'default' ? pathname : null);
  const stopWaiting = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    stopWaiting.current();
    let moved = true;
    stopWaiting.current = () => {
      moved = false;
    };
    // The code that finds and focuses the heading is only needed after a first move: it loads then.
    void import('./heading-focus').then(({ focusHeadingWhenShown }) => {
      if (moved) stopWaiting.current = focusHeadingWhenShown(document.body);
    });
  }, [pathname]);
  useEffect(() => () => stopWaiting.current(), []);
}
