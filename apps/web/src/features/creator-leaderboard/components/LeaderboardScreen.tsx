import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatMoney, type CreatorCampaignDetail, type Leaderboard } from '@platform/shared';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconTrophy } from '@tabler/icons-react';
import { useDeferredValue, useId } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { BackButton } from '../../../components/display/BackButton';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { PageHeading } from '../../../components/PageHeading';
import { isApiError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/metrics-words';
import { paths } from '../../../lib/paths';
import { useLeaderboard, useLeaderboardCampaign } from '../api/get-leaderboard';
import { leaderboardPeriodParam } from '../api/paths';
import { BoardStatus, PeriodPicker } from './BoardStatus';
import { MyStanding } from './MyStanding';
import { PlaceRow } from './PlaceRow';
import { useRankChange } from './use-rank-change';

/** What each place wins, by rank, in the campaign's currency; nothing for a reward not paid by place. */
function prizesOf(campaign: CreatorCampaignDetail | undefined): (rank: number | null) => string | null {
  const reward = campaign?.reward;
  if (!campaign || !reward || reward.type === 'FIRST_COME_FIRST_SERVE' || reward.type === 'PAY_PER_VIEW')
    return () => null;
  return (rank) => {
    const prize = rank === null ? undefined : reward.prizes[rank - 1];
    return prize === undefined ? null : formatMoney(prize, campaign.currency);
  };
}

/** A pay-per-view campaign has no prizes by place: what its rate pays instead, said above the board. */
function RateInsteadOfPrizes({ campaign }: { campaign: CreatorCampaignDetail | undefined }) {
  if (campaign?.reward.type !== 'PAY_PER_VIEW') return null;
  const rate = formatMoney(campaign.reward.ratePerThousand, campaign.currency);
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm">
        No prizes by place: each entry earns {rate} for every 1,000 validated views, whatever its place, up to
        its cap and while the budget lasts. The board shows how entries compare.
      </Text>
    </Paper>
  );
}

function LoadingBoard() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the leaderboard">
      <Skeleton height={96} radius="md" />
      {[0, 1, 2, 3, 4].map((row) => (
        <Skeleton key={row} height={56} radius="md" />
      ))}
    </Stack>
  );
}

function NothingRanked({ frozen }: { frozen: boolean }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconTrophy size={26} stroke={1.5} aria-hidden="true" />
        </ThemeIcon>
        <Text fw={600}>{frozen ? 'No entry was ranked' : 'Nothing ranked yet'}</Text>
        <Text size="sm" c="dimmed">
          {frozen
            ? 'No approved entry had its views read before the board closed.'
            : 'Approved entries take their places once their views are read, usually within the hour.'}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Whether the places may still move as views are validated (ADR 037), said once above them. */
function Finality({ final }: { final: boolean }) {
  const Icon = final ? IconCircleCheck : IconClockHour4;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Icon size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm">
        {final
          ? 'Final: every place is validated'
          : 'Places are provisional until every entry’s views are validated'}
      </Text>
    </Group>
  );
}

function BoardFailure({
  error,
  retrying,
  onRetry,
  onCurrentPeriod,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  onCurrentPeriod: () => void;
}) {
  if (isApiError(error) && error.status === 404) {
    return (
      <ResultPanel
        tone="warning"
        title="Leaderboard not found"
        actions={<ButtonLink to={paths.campaigns}>See your campaigns</ButtonLink>}
      >
        The campaign may have been taken down, or it is not open to you.
      </ResultPanel>
    );
  }
  if (isApiError(error) && error.status === 400) {
    return (
      <Alert
        color="orange"
        variant="light"
        title="There is no such period"
        icon={<IconAlertTriangle aria-hidden="true" />}
      >
        <Text size="sm">{error.details[0]?.message ?? error.message}</Text>
        <Button size="xs" variant="light" color="orange" mt="sm" onClick={onCurrentPeriod}>
          See the current period
        </Button>
      </Alert>
    );
  }
  return (
    <LoadFailure
      title="We could not load the leaderboard"
      message={CHECK_CONNECTION}
      retrying={retrying}
      onRetry={onRetry}
    />
  );
}

function Board({
  board,
  prizeOf,
  refreshFailed,
  switching,
}: {
  board: Leaderboard;
  prizeOf: (rank: number | null) => string | null;
  refreshFailed: boolean;
  switching: boolean;
}) {
  const headingId = useId();
  const mine = new Set(board.mine.map((place) => place.entryId));
  const ranked = board.places.some((place) => place.rank !== null);
  const shown = board.places.length;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} aria-busy={switching || undefined}>
      <Title order={2} size="h4" id={headingId}>
        {board.totalEntries > shown ? `Top ${shown} of ${formatCount(board.totalEntries)}` : 'All places'}
      </Title>
      {refreshFailed && (
        <Text size="sm" c="orange">
          We could not refresh the board: it shows the last places we read, and we keep trying.
        </Text>
      )}
      {!ranked && <NothingRanked frozen={board.frozen} />}
      {shown > 0 && <Finality final={board.final} />}
      {shown > 0 && (
        <Stack
          component="ol"
          gap={6}
          p={0}
          m={0}
          aria-label="Places"
          style={{ listStyle: 'none', opacity: switching ? 0.6 : 1 }}
        >
          {board.places.map((place) => (
            <PlaceRow
              key={place.entryId}
              place={place}
              mine={mine.has(place.entryId)}
              prize={prizeOf(place.rank)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * A campaign's leaderboard as a creator taking part reads it (ADR 024): their own place first, then the
 * top places with each one's views and when they were read, live until the board freezes at the close.
 */
export function LeaderboardScreen({ campaignId }: { campaignId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = leaderboardPeriodParam(searchParams.get('period'));
  const board = useLeaderboard(campaignId, period);
  const campaign = useLeaderboardCampaign(campaignId);
  const { changes, announcement } = useRankChange(board.data);
  // The board's first render is the screen's heaviest: as a deferred value, React renders it in slices,
  // leaving a phone's main thread free in between.
  const boardReady = useDeferredValue(!board.isPending) && !board.isPending;

  const choosePeriod = (chosen: number | null) =>
    setSearchParams(chosen === null ? {} : { period: String(chosen) }, { replace: true });

  let body;
  if (!boardReady) {
    body = <LoadingBoard />;
  } else if (board.isError && !board.data) {
    body = (
      <BoardFailure
        error={board.error}
        retrying={board.isFetching}
        onRetry={() => void board.refetch()}
        onCurrentPeriod={() => choosePeriod(null)}
      />
    );
  } else {
    const data = board.data;
    body = (
      <Stack gap="lg">
        <BoardStatus board={data} />
        {data.period && (
          <PeriodPicker
            period={data.period}
            selected={period ?? data.period.number}
            onChange={choosePeriod}
          />
        )}
        <RateInsteadOfPrizes campaign={campaign.data} />
        <MyStanding board={data} changes={changes} announcement={announcement} />
        <Board
          board={data}
          prizeOf={prizesOf(campaign.data)}
          refreshFailed={board.isRefetchError}
          switching={board.isPlaceholderData}
        />
      </Stack>
    );
  }

  const name = campaign.data?.name;
  return (
    <Stack gap="lg">
      <DocumentTitle title={name ? `Leaderboard of ${name}` : 'Leaderboard'} />
      <Stack gap="xs">
        <BackButton
          fallbackPath={`${paths.campaigns}/${encodeURIComponent(campaignId)}`}
          label="Back to the campaign"
          ml={-8}
        />
        <PageHeading title="Leaderboard" subtitle={name} />
      </Stack>
      {body}
    </Stack>
  );
}
