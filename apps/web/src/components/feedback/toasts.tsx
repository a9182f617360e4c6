import { IconCheck } from '@tabler/icons-react';

/** Long enough to read a title and a sentence; the toast can also be closed or swiped away sooner. */
export const SUCCESS_TOAST_AUTO_CLOSE_MS = 5000;

/**
 * A green toast with a check icon confirming that something worked; it closes by itself. Toasts follow
 * an action, so the notifications module loads then, not with the page. The same words make the same
 * toast: while one is on screen, saying it again (a button pressed twice) adds no second one.
 */
export function showSuccessToast(message: string, title?: string): void {
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      id: `success:${title ?? ''}:${message}`,
      color: 'green',
      title,
      message,
      icon: <IconCheck size={18} aria-hidden="true" />,
      autoClose: SUCCESS_TOAST_AUTO_CLOSE_MS,
      withBorder: true,
      closeButtonProps: { 'aria-label': 'Close notification' },
      'data-toast': 'success',
    }),
  );
}
