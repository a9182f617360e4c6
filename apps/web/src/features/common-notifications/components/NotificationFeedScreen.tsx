import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Notification } from '@platform/shared';
import { IconBellOff, IconChecks, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { BackButton } from '../../../components/display/BackButton';
import { BadgeCounter } from '../../../components/display/BadgeCounter';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { FieldError } from '../../../components/form/FieldError';
import { paths } from '../../../lib/paths';
import { useNotificationFeed } from '../api/get-feed';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-read';
import { useNow } from '../../../lib/use-now';
import { NotificationItem } from './NotificationItem';

const MARK_ONE_FAILED = 'We could not mark that notification as read. Try again.';
const MARK_ALL_FAILED = 'We could not mark your notifications as read. Try again.';

/** Where the feed is read: the creator's app, or the marketing console. */
export type NotificationPlace = 'app' | 'console';

const PLACES: Record<NotificationPlace, { back: string; settings: string; empty: string }> = {
  app: {
    back: paths.home,
    settings: paths.notificationSettings,
    empty:
      'When a video or post you send is received, approved or rejected, a payment to you is decided, or a campaign for an artist you chose goes live, you will hear about it here.',
  },
  console: {
    back: paths.console,
    settings: paths.consoleNotificationSettings,
    empty:
      'When a campaign, an identity check or entries wait for you, or a campaign you sent for review is decided, you will hear about it here.',
  },
};

function EmptyFeed({ text }: { text: string }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconBellOff size={26} stroke={1.5} aria-hidden="true" />
        </ThemeIcon>
        <Text fw={600}>No notifications yet</Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}

function LoadingFeed() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading notifications">
      {[0, 1, 2].map((row) => (
        <Stack key={row} gap={6} p="sm">
          <Skeleton height={14} width="45%" radius="sm" />
          <Skeleton height={12} radius="sm" />
          <Skeleton height={12} width="70%" radius="sm" />
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The person's notifications (a creator's SPEC §4 events, or a staff member's work), newest first: unread
 * ones stand out, opening one marks it read and goes to its page, and older ones load on request.
 */
export function NotificationFeedScreen({ place = 'app' }: { place?: NotificationPlace }) {
  const where = PLACES[place];
  const feed = useNotificationFeed();
  const unread = useUnreadCount();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const now = useNow();
  const [problem, setProblem] = useState<string | null>(null);

  const notifications = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const unreadCount = unread.data ?? notifications.filter((item) => item.readAt === null).length;

  const open = (notification: Notification) => {
    if (notification.readAt !== null) return;
    setProblem(null);
    markRead.mutate(notification.id, { onError: () => setProblem(MARK_ONE_FAILED) });
  };

  const markAll = () => {
    setProblem(null);
    markAllRead.mutate(undefined, { onError: () => setProblem(MARK_ALL_FAILED) });
  };

  let body;
  if (feed.isPending) {
    body = <LoadingFeed />;
  } else if (feed.isError && notifications.length === 0) {
    body = (
      <LoadFailure
        title="We could not load your notifications"
        message={CHECK_CONNECTION}
        retrying={feed.isFetching}
        onRetry={() => void feed.refetch()}
      />
    );
  } else if (notifications.length === 0) {
    body = <EmptyFeed text={where.empty} />;
  } else {
    body = (
      <Stack gap="sm">
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconChecks size={16} aria-hidden="true" />}
            disabled={unreadCount === 0}
            loading={markAllRead.isPending}
            onClick={markAll}
          >
            Mark all as read
          </Button>
        </Group>
        {problem && (
          <Alert color="red" variant="light" role="alert">
            <FieldError message={problem} />
          </Alert>
        )}
        <Stack component="ul" gap={4} p={0} m={0} aria-label="Notifications">
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} now={now} onOpen={open} />
          ))}
        </Stack>
        {feed.isFetchNextPageError ? (
          <LoadFailure
            title="We could not load more notifications"
            retrying={feed.isFetchingNextPage}
            onRetry={() => void feed.fetchNextPage()}
          />
        ) : (
          feed.hasNextPage && (
            <Button
              variant="default"
              fullWidth
              loading={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
            >
              Load more
            </Button>
          )
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <DocumentTitle title="Notifications" />
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <BackButton fallbackPath={where.back} />
          <Button
            component={Link}
            to={where.settings}
            variant="subtle"
            color="gray"
            leftSection={<IconSettings size={18} aria-hidden="true" />}
          >
            Settings
          </Button>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Title order={1} size="h2">
            Notifications
          </Title>
          <BadgeCounter count={unreadCount} />
        </Group>
      </Stack>
      {body}
    </Stack>
  );
}
