import { Anchor, Badge, Button, Group, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import {
  can,
  formatDateTime,
  LEADERBOARD_SIZE,
  sprintPeriods,
  type AccountRole,
  type CampaignDetail,
  type Leaderboard,
  type LeaderboardPlace,
} from '@platform/shared';
import { IconCircleCheck, IconClockHour4, IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { DataTable } from '../../../components/display/DataTable';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { useCorrectFigures, useStaffLeaderboard } from '../api/campaign-leaderboard';
import { FIGURE_LABELS, FIGURES, figureText, readAtText, SOURCE_LABELS } from '../../../lib/figure-labels';

// The form and its schema load when someone corrects figures, not with the board.
const CorrectFiguresDialog = lazy(() => import('./CorrectFiguresDialog'));

const COLUMNS = [
  'Rank',
  'Creator',
  'Handle',
  ...FIGURES.map((name) => FIGURE_LABELS[name]),
  'Source',
  'Read at',
  'Validation',
];

/** Who holds a place, in the words a button or a dialog uses. */
export const holderName = ({ creator }: Pick<LeaderboardPlace, 'creator'>) =>
  creator.name ?? (creator.handle ? `@${creator.handle}` : 'this creator');

/** A SPRINT's periods, numbered from 1 with their dates, for the picker; none for other campaigns. */
function periodOptions(campaign: CampaignDetail) {
  if (campaign.reward.type !== 'SPRINT') return [];
  return sprintPeriods(campaign.startsAt, campaign.endsAt, campaign.reward.periodDays).map((period) => ({
    value: String(period.index + 1),
    label: `Period ${period.index + 1}: ${formatDateTime(period.startsAt, 'short')} to ${formatDateTime(period.endsAt, 'short')}`,
  }));
}

/** Whether the board still moves, and as of when. */
function BoardStatus({ board }: { board: Leaderboard }) {
  return (
    <Group gap="sm" wrap="wrap">
      {board.frozen ? (
        <Badge color="gray" variant="filled" leftSection={<IconLock size={12} aria-hidden="true" />}>
          Frozen
        </Badge>
      ) : (
        <Badge color="teal" variant="light">
          Live
        </Badge>
      )}
      <Text size="sm" c="dimmed">
        {board.frozen
          ? `Closed: figures read after ${formatDateTime(board.closesAt, 'short')} do not count.`
          : `Refreshed every 15 seconds; closes ${formatDateTime(board.closesAt, 'short')}.`}{' '}
        {board.asOf ? `Figures as of ${formatDateTime(board.asOf, 'short')}.` : 'No figures read yet.'}
      </Text>
    </Group>
  );
}

/** Whether the places may still move as views are validated (ADR 037), said once above the table. */
function Finality({ final }: { final: boolean }) {
  const Icon = final ? IconCircleCheck : IconClockHour4;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Icon size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 1 }} />
      <Text size="sm" fw={500}>
        {final
          ? 'Final: every place is validated'
          : 'Places are provisional until every entry’s views are validated'}
      </Text>
    </Group>
  );
}

/** A place's figure: provisional until its views are validated, and when that is. */
function FigureState({ place }: { place: LeaderboardPlace }) {
  if (place.figureState === 'VALIDATED') {
    return (
      <Badge color="teal" variant="light">
        Validated
      </Badge>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Badge color="gray" variant="light">
        Provisional
      </Badge>
      <Text size="xs" c="dimmed">
        Validated by {formatDateTime(place.validatedAt, 'short')}
      </Text>
    </Stack>
  );
}

function PlaceRow({
  place,
  mayCorrect,
  onCorrect,
}: {
  place: LeaderboardPlace;
  mayCorrect: boolean;
  onCorrect: (place: LeaderboardPlace) => void;
}) {
  return (
    <tr>
      <td>
        {place.rank === null ? (
          <Text span size="sm" c="dimmed" title="No views yet: not ranked">
            —
          </Text>
        ) : (
          <Text span size="sm" fw={700}>
            {place.rank}
          </Text>
        )}
      </td>
      <td>
        <Text size="sm" fw={500}>
          {place.creator.name ?? '—'}
        </Text>
        {place.postLink && (
          <Anchor href={place.postLink} target="_blank" rel="noreferrer" size="xs">
            Open the post
          </Anchor>
        )}
      </td>
      <td>{place.creator.handle ? `@${place.creator.handle}` : '—'}</td>
      {FIGURES.map((name) => (
        <td key={name} style={{ textAlign: 'end' }}>
          {figureText(place[name])}
        </td>
      ))}
      <td>{place.source ? SOURCE_LABELS[place.source] : '—'}</td>
      <td>{readAtText(place.readAt)}</td>
      <td>
        <FigureState place={place} />
      </td>
      {mayCorrect && (
        <td>
          <Button
            size="compact-sm"
            variant="light"
            aria-label={`Correct figures of ${holderName(place)}’s entry`}
            onClick={() => onCorrect(place)}
          >
            Correct figures
          </Button>
        </td>
      )}
    </tr>
  );
}

export interface CampaignLeaderboardProps {
  campaign: CampaignDetail;
  role: AccountRole;
}

/**
 * The campaign's board as staff see it: the first places with who holds them, their figures, where those
 * came from and when; live while the campaign (or a sprint's period) runs, frozen after. Whoever runs the
 * campaign can correct a place's figures from here.
 */
export default function CampaignLeaderboard({ campaign, role }: CampaignLeaderboardProps) {
  const [period, setPeriod] = useState<number | null>(null);
  const [correcting, setCorrecting] = useState<LeaderboardPlace | null>(null);
  const board = useStaffLeaderboard(campaign.id, period);
  const correct = useCorrectFigures(campaign.id);
  const periods = periodOptions(campaign);
  const mayCorrect = can(role, 'EDIT', 'CAMPAIGN');
  const columns = mayCorrect ? [...COLUMNS, 'Actions'] : COLUMNS;

  if (board.isError && !board.data) {
    return (
      <LoadFailure
        title="We could not load the leaderboard"
        message={CHECK_CONNECTION}
        retrying={board.isFetching}
        onRetry={() => void board.refetch()}
      />
    );
  }
  if (!board.data) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the leaderboard">
        <Skeleton height={24} width={320} radius="sm" />
        <Skeleton height={160} radius="md" />
      </Stack>
    );
  }

  const data = board.data;
  const shownPeriod = data.period ? String(data.period.number) : null;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <BoardStatus board={data} />
        {periods.length > 0 && shownPeriod && (
          <NativeSelect
            label="Period"
            data={periods}
            value={shownPeriod}
            onChange={(event) => setPeriod(Number(event.currentTarget.value))}
          />
        )}
      </Group>
      {data.places.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {data.period
            ? 'No approved entries were sent in this period yet.'
            : 'No approved entries yet: the board fills as entries are approved and their figures are read.'}
        </Text>
      ) : (
        <>
          <Finality final={data.final} />
          <DataTable
            aria-label="Leaderboard"
            aria-busy={board.isPlaceholderData || undefined}
            minWidth={mayCorrect ? 1200 : 1080}
          >
            <thead>
              <tr>
                {columns.map((column) => (
                  <th scope="col" key={column}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.places.map((place) => (
                <PlaceRow
                  key={place.entryId}
                  place={place}
                  mayCorrect={mayCorrect}
                  onCorrect={(chosen) => {
                    correct.reset();
                    setCorrecting(chosen);
                  }}
                />
              ))}
            </tbody>
          </DataTable>
          <Text size="sm" c="dimmed">
            {data.totalEntries > data.places.length
              ? `The first ${LEADERBOARD_SIZE} of ${data.totalEntries} approved entries.`
              : `${data.totalEntries} approved ${data.totalEntries === 1 ? 'entry' : 'entries'}.`}{' '}
            Entries without views are listed after the ranked ones.
          </Text>
        </>
      )}
      {correcting && (
        <Suspense fallback={null}>
          <CorrectFiguresDialog
            place={correcting}
            creatorName={holderName(correcting)}
            onClose={() => setCorrecting(null)}
            onCorrect={async (body) => {
              await correct.mutateAsync({ entryId: correcting.entryId, body });
              showSuccessToast(`The figures of ${holderName(correcting)}’s entry are corrected.`);
              setCorrecting(null);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
