import { Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ModalDialog } from '../display/ModalDialog';

export interface UnsavedChangesGuard {
  /** Lets the next navigation through: the one a successful save makes. */
  allowNextNavigation: () => void;
  /** The 'leave without saving?' dialog, to render with the form. */
  dialog: ReactNode;
}

/**
 * Keeps a form's unsaved changes from being lost by leaving: a link or back button inside the app asks
 * first, and closing or reloading the tab gets the browser's own warning.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const allowedRef = useRef(false);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowedRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const dialog = (
    <ModalDialog
      opened={blocker.state === 'blocked'}
      title="Leave without saving?"
      submitLabel="Leave without saving"
      cancelLabel="Stay"
      onSubmit={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      <Text size="sm">Your changes on this page are not saved yet. If you leave now, they are lost.</Text>
    </ModalDialog>
  );

  return {
    allowNextNavigation: () => {
      allowedRef.current = true;
    },
    dialog,
  };
}
