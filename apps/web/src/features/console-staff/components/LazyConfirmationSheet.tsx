import { lazy, Suspense, useState } from 'react';
import type { ConfirmationSheetProps } from '../../../components/display/ConfirmationSheet';

// The sheet (a drawer, with its overlay and focus trap) is needed only once someone asks to disable,
// enable or cancel: it loads then, not with the lists.
const ConfirmationSheet = lazy(() =>
  import('../../../components/display/ConfirmationSheet').then((module) => ({
    default: module.ConfirmationSheet,
  })),
);

/** The kit's ConfirmationSheet, loaded the first time it opens. */
export function LazyConfirmationSheet(props: ConfirmationSheetProps) {
  const [hasOpened, setHasOpened] = useState(props.opened);
  if (props.opened && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmationSheet {...props} />
    </Suspense>
  );
}
