import { useCallback, useState } from 'react';

const DISMISSED_KEY = 'platform.setup-checklist.dismissed';

/**
 * Whether the Admin put the finished checklist away in this browser. Only the choice to stop seeing it is
 * kept here; whether each item is done is always the server's reading of the install.
 */
export function isSetupChecklistDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === 'yes';
  } catch {
    return false;
  }
}

function remember(dismissed: boolean) {
  try {
    if (dismissed) window.localStorage.setItem(DISMISSED_KEY, 'yes');
    else window.localStorage.removeItem(DISMISSED_KEY);
  } catch {
    // Storage refused (a private window's quota): the choice lasts as long as the page.
  }
}

export function useSetupChecklistDismissal(): [boolean, (dismissed: boolean) => void] {
  const [dismissed, setDismissed] = useState(isSetupChecklistDismissed);
  const update = useCallback((next: boolean) => {
    remember(next);
    setDismissed(next);
  }, []);
  return [dismissed, update];
}
