import { Skeleton, Stack } from '@mantine/core';
import { usePrefetchQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { NotFoundPanel } from '../../components/feedback/NotFoundPanel';
import {
  leaderboardCampaignQueryOptions,
  leaderboardQueryOptions,
} from '../../features/creator-leaderboard/api/get-leaderboard';
import { leaderboardPeriodParam } from '../../features/creator-leaderboard/api/paths';

// The board, its polling and its rows load with the page, not with the route table every page carries
// (ADR 009). They start loading as soon as this module runs, beside the check of who is signed in, rather
// than once the page renders.
const screenModule = import('../../features/creator-leaderboard/components/LeaderboardScreen');
const LeaderboardScreen = lazy(() => screenModule.then((module) => ({ default: module.LeaderboardScreen })));

/** The board and its campaign, asked for while the screen's code loads, not after. */
function PrefetchBoard({ campaignId }: { campaignId: string }) {
  const [searchParams] = useSearchParams();
  usePrefetchQuery(leaderboardQueryOptions(campaignId, leaderboardPeriodParam(searchParams.get('period'))));
  usePrefetchQuery(leaderboardCampaignQueryOptions(campaignId));
  return null;
}

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
      <PrefetchBoard campaignId={id} />
      <LeaderboardScreen key={id} campaignId={id} />
    </Suspense>
  );
}
