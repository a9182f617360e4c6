import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BadgeCounter } from '../../../components/display/BadgeCounter';
import { paths } from '../../../lib/paths';
import { useUnreadCount } from '../api/get-unread-count';
import { NOTIFICATION_BELL_SIZE } from './bell-size';

const unreadNotifications = (shownCount: string) =>
  `${shownCount} unread notification${shownCount === '1' ? '' : 's'}`;

/**
 * The way to the creator's notifications, with how many are unread (99+ past 99, nothing at zero). A count
 * that could not be read shows no badge: the bell still leads to the feed, which says what went wrong.
 */
export function NotificationBell({ to = paths.notifications }: { to?: string }) {
  const unread = useUnreadCount();
  return (
    <BadgeCounter count={unread.data ?? 0} label={unreadNotifications}>
      <ActionIcon
        component={Link}
        to={to}
        variant="subtle"
        color="gray"
        size={NOTIFICATION_BELL_SIZE}
        radius="xl"
        aria-label="Notifications"
        title="Notifications"
      >
        <IconBell size={26} stroke={1.75} aria-hidden="true" />
      </ActionIcon>
    </BadgeCounter>
  );
}
