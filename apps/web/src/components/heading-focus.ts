import { useEffect, useRef, type RefObject } from 'react';

/** How long a page may take to show its heading after a change: its chunk and first query may load. */
const HEADING_WAIT_MS = 10_000;

/** A field keeps the focus the person or the page (autofocus) gave it. */
function isField(element: Element | null): boolean {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    (element instanceof HTMLElement && element.isContentEditable)
  );
}

/**
 * Moves the focus to the first level-one heading inside `root` as soon as one is shown, so that a screen
 * reader reads the new page or step from its title and the next Tab starts there. The heading takes
 * tabindex="-1" (focusable by script, not in the Tab order). Nothing moves when a field has the focus by
 * then. Returns a function that stops waiting.
 */
export function focusHeadingWhenShown(root: HTMLElement): () => void {
  const focusHeading = (): boolean => {
    const heading = root.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (isField(document.activeElement)) return true;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    return true;
  };
  if (focusHeading()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (focusHeading()) stop();
  });
  const timer = window.setTimeout(stop, HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(root, { childList: true, subtree: true });
  return stop;
}

/**
 * For a flow of steps on one page (onboarding): when `step` changes, the focus goes to the heading the
 * returned ref is on; not when the flow first shows.
 */
export function useStepHeadingFocus<Element extends HTMLElement>(
  step: string | number,
): RefObject<Element | null> {
  const heading = useRef<Element | null>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const element = heading.current;
    if (!element || isField(document.activeElement)) return;
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus();
  }, [step]);
  return heading;
}
