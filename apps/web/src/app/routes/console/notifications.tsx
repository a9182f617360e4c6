import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useMatch } from 'react-router';
import { NotFoundPanel } from '../../../components/feedback/NotFoundPanel';
import { paths } from '../../../lib/paths';

// The console's notifications and their settings share this route module; each loads its own screen.
const NotificationFeedScreen = lazy(() =>
  import('../../../features/common-notifications/components/NotificationFeedScreen').then((module) => ({
    default: module.NotificationFeedScreen,
  })),
);
const NotificationSettingsScreen = lazy(() =>
  import('../../../features/common-notifications/components/NotificationSettingsScreen').then((module) => ({
    default: module.NotificationSettingsScreen,
  })),
);

const loadingScreen = (
  <Stack gap="md" aria-busy="true" maw={720}>
    <Skeleton height={28} width="40%" radius="sm" />
    <Skeleton role="status" height={320} radius="md" aria-label="Loading" />
  </Stack>
);

/** A staff member's notifications (ADR 031), and which of them also reach them by email. */
export function Component() {
  const atFeed = useMatch(paths.consoleNotifications) !== null;
  const atSettings = useMatch(paths.consoleNotificationSettings) !== null;
  if (!atFeed && !atSettings) return <NotFoundPanel />;
  return (
    <Stack maw={720}>
      <Suspense fallback={loadingScreen}>
        {atFeed ? (
          <NotificationFeedScreen place="console" />
        ) : (
          <NotificationSettingsScreen backPath={paths.consoleNotifications} />
        )}
      </Suspense>
    </Stack>
  );
}
