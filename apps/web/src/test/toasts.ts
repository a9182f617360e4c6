import { notifications, notificationsStore } from '@mantine/notifications';
import { act } from '@testing-library/react';

/**
 * The toasts on screen or waiting for room, as 'title: message' (or the message alone). A toast loads its
 * module first, so the list is read once any toast asked for a moment ago has had the time to arrive.
 */
export async function shownToasts(): Promise<string[]> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].map(({ title, message }) =>
    [title, message].filter((part) => typeof part === 'string').join(': '),
  );
}

export function clearToasts(): void {
  act(() => notifications.clean());
}
