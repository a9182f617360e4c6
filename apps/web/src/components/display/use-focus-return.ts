import { useEffect, useState } from 'react';

/** How long a disabled opener (its action still running) is waited for before giving up. */
const OPENER_WAIT_MS = 5_000;

function focusWhenEnabled(opener: HTMLElement): () => void {
  const focusable = () => !(opener as HTMLButtonElement).disabled && opener.isConnected;
  const nobodyElseHasFocus = () =>
    document.activeElement === null || document.activeElement === document.body;
  if (focusable()) {
    opener.focus({ preventScroll: true });
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (!focusable()) return;
    stop();
    if (nobodyElseHasFocus()) opener.focus({ preventScroll: true });
  });
  const timer = window.setTimeout(stop, OPENER_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(opener, { attributes: true, attributeFilter: ['disabled'] });
  return stop;
}

/**
 * Gives the focus back to what opened a dialog or sheet when it closes (WCAG 2.4.3), in place of
 * Mantine's own return (pass `returnFocus={false}` to the Modal or Drawer), which misses a dialog that
 * shows the first time it is rendered (a lazily loaded one) and an opener still disabled while its
 * action finishes. An opener that has left the page (a row that was removed) leaves the focus where the
 * page puts it.
 */
export function useFocusReturn(opened: boolean): void {
  const [wasOpened, setWasOpened] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [returnTo, setReturnTo] = useState<HTMLElement | null>(null);
  // Read while rendering the opening: the dialog's focus trap moves the focus inside before any effect.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      const active = document.activeElement;
      setOpener(active instanceof HTMLElement && active !== document.body ? active : null);
      setReturnTo(null);
    } else {
      setReturnTo(opener);
      setOpener(null);
    }
  }
  useEffect(() => {
    if (!returnTo) return;
    let stopWaiting = () => undefined as void;
    // After the dialog has let the focus go (its trap ends as it closes).
    const timer = window.setTimeout(() => {
      stopWaiting = focusWhenEnabled(returnTo);
    }, 0);
    return () => {
      window.clearTimeout(timer);
      stopWaiting();
    };
  }, [returnTo]);
}
