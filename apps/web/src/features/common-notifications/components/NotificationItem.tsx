import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Notification } from '@platform/shared';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './NotificationItem.module.css';
import { notificationTime } from './notification-time';

export interface NotificationItemProps {
  notification: Notification;
  now: Date;
  /** Called as the creator opens the notification (or, without a page to go to, acknowledges it). */
  onOpen: (notification: Notification) => void;
}

/**
 * One notification in the feed. One with a page leads there; an unread one without a page is a button
 * that marks it read; a read one without a page is only text. Unread ones are marked by a dot, bold
 * title and tint, and read out as unread.
 */
export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const unread = notification.readAt === null;
  const content = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box className={classes.dot} data-unread={unread || undefined} aria-hidden="true" />
      <Stack gap={2} className={classes.text}>
        <Text size="sm" fw={unread ? 700 : 500}>
          {unread ? (
            <>
              <VisuallyHidden>Unread:</VisuallyHidden>
              {/* The space belongs to the title's text: inside the hidden word, name computation drops it. */}
              {` ${notification.title}`}
            </>
          ) : (
            notification.title
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {notification.body}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={notification.createdAt}>
          {notificationTime(notification.createdAt, now)}
        </Text>
      </Stack>
      {notification.link !== null && (
        <IconChevronRight size={18} className={classes.chevron} aria-hidden="true" />
      )}
    </Group>
  );

  let item: ReactNode;
  if (notification.link !== null) {
    item = (
      <UnstyledButton
        component={Link}
        to={notification.link}
        className={classes.item}
        data-unread={unread || undefined}
        onClick={() => onOpen(notification)}
      >
        {content}
      </UnstyledButton>
    );
  } else if (unread) {
    item = (
      <UnstyledButton className={classes.item} data-unread onClick={() => onOpen(notification)}>
        {content}
        <VisuallyHidden>Mark as read</VisuallyHidden>
      </UnstyledButton>
    );
  } else {
    item = <Box className={classes.item}>{content}</Box>;
  }
  return <li className={classes.row}>{item}</li>;
}
