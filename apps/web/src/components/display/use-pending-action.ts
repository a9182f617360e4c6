import { useCallback, useRef, useState } from 'react';

export interface PendingAction {
  /** True from the moment the handler is called until its promise settles. */
  pending: boolean;
  run: () => Promise<void>;
}

/**
 * Runs a button's possibly async handler and says whether it is still running, so the button can show its
 * spinner. A second press while it runs is ignored, so a slow request is never sent twice.
 */
export function usePendingAction(handler: () => Promise<unknown> | void): PendingAction {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await handler();
    } catch {
      // The handler owns its failure (it shows the error where it belongs); the widget only needs to stop
      // its spinner so the person can try again.
    } finally {
      running.current = false;
      setPending(false);
    }
  }, [handler]);
  return { pending, run };
}
