import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';

export function showSuccessToast(message: string, title?: string): void {
  notifications.show({
    color: 'teal',
    title,
    message,
    icon: <IconCheck size={18} aria-hidden="true" />,
    autoClose: 5000,
  });
}
