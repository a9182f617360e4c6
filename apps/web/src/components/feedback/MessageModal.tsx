import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { whenIdle } from '../../lib/idle';

export interface MessageModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: string;
  confirmLabel?: string;
}

// The dialog's code is not needed to show a form, only once something goes wrong: it loads when the
// browser is idle, or at the latest when the dialog first opens.
const loadMessageDialog = () => import('./MessageDialog');
const MessageDialog = lazy(loadMessageDialog);

/** A message the person acknowledges with 'Okay' (SPEC §2). */
export function MessageModal(props: MessageModalProps) {
  const [hasOpened, setHasOpened] = useState(props.opened);
  if (props.opened && !hasOpened) setHasOpened(true);

  useEffect(() => whenIdle(() => void loadMessageDialog()), []);

  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <MessageDialog {...props} />
    </Suspense>
  );
}

export interface MessageModalControls {
  show: (message: string) => void;
  props: Omit<MessageModalProps, 'title' | 'confirmLabel'>;
}

/** State for one MessageModal: `show(message)` opens it, 'Okay' closes it. */
export function useMessageModal(): MessageModalControls {
  const [opened, setOpened] = useState(false);
  // The text stays after closing so that it does not vanish during the closing transition.
  const [message, setMessage] = useState('');
  const show = useCallback((next: string) => {
    setMessage(next);
    setOpened(true);
  }, []);
  const onClose = useCallback(() => setOpened(false), []);
  return useMemo(() => ({ show, props: { opened, onClose, message } }), [show, opened, onClose, message]);
}
