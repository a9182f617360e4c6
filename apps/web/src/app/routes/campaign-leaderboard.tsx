import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { NotFoundPanel } from '../../components/feedback/NotFoundPanel';

// The board, its polling and its rows load with the page, not with the route table every page carries
// (ADR 009).
const LeaderboardScreen = lazy(() =>
  import('../../features/creator-leaderboard/components/LeaderboardScreen').then((module) => ({
    default: module.LeaderboardScreen,
  })),
);

const loadingScreen = (
  <Stack gap="md" aria-busy="true">
    <Skeleton height={28} width="60%" radius="sm" />
    <Skeleton role="status" height={320} radius="md" aria-label="Loading" />
  </Stack>
);

export function Component() {
  const { id } = useParams();
  if (!id) return <NotFoundPanel />;
  return (
    <Suspense fallback={loadingScreen}>
      <LeaderboardScreen key={id} campaignId={id} />
    </Suspense>
  );
}
