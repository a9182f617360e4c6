import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useMatch } from 'react-router';
import { NotFoundPanel } from '../../components/feedback/NotFoundPanel';
import { paths } from '../../lib/paths';

// `/notifications` and `/notifications/settings` share this one route module, so the route table every
// page loads stays small; each loads only its own screen (ADR 009).
const NotificationFeedScreen = lazy(() =>
  import('../../features/common-notifications/components/NotificationFeedScreen').then((module) => ({
    default: module.NotificationFeedScreen,
  })),
);
const NotificationSettingsScreen = lazy(() =>
  import('../../features/common-notifications/components/NotificationSettingsScreen').then((module) => ({
    default: module.NotificationSettingsScreen,
  })),
);

const loadingScreen = (
  <Stack gap="md" aria-busy="true">
    <Skeleton height={28} width="60%" radius="sm" />
    <Skeleton role="status" height={320} radius="md" aria-label="Loading" />
  </Stack>
);

export function Component() {
  const atFeed = useMatch(paths.notifications) !== null;
  const atSettings = useMatch(paths.notificationSettings) !== null;
  if (!atFeed && !atSettings) return <NotFoundPanel />;
  return (
    <Suspense fallback={loadingScreen}>
      {atFeed ? <NotificationFeedScreen /> : <NotificationSettingsScreen />}
    </Suspense>
  );
}
