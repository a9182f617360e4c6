import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Where toasts appear; loaded after the first page, with its styles (see AppProviders). */
export function NotificationsContainer() {
  return <Notifications position="top-center" limit={3} />;
}
