import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, ordinal, type Leaderboard } from '@platform/shared';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useId } from 'react';
import { viewsText } from '../../../lib/metrics-words';
import { bestPlace } from '../utils/board-words';
import { placeText, type RankChange } from '../utils/rank-change';

function Headline({ board }: { board: Leaderboard }) {
  const best = bestPlace(board.mine);
  const inPeriod = board.period === null ? 'on this board' : 'in this period';
  if (best?.rank != null) {
    return (
      <Text size="xl" fw={700}>
        {board.frozen
          ? `You finished ${ordinal(best.rank)} of ${board.totalEntries}`
          : placeText(best.rank, board.totalEntries)}
      </Text>
    );
  }
  if (board.mine.length > 0) {
    return (
      <Stack gap={2}>
        <Text fw={700}>Your entry has no place yet</Text>
        <Text size="sm">
          {board.frozen
            ? 'No views of it were read before the board closed.'
            : 'It takes one as soon as its views are read.'}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Text fw={700}>You have no approved entry {inPeriod}</Text>
      <Text size="sm">
        {board.frozen
          ? 'Only approved entries were ranked.'
          : 'Once an entry of yours is approved and its views are read, your place shows here.'}
      </Text>
    </Stack>
  );
}

/**
 * The creator's own place at the top of the board, highlighted, with how it moved since the last poll:
 * said in a polite live region, which is always there so that a change is announced when it appears.
 */
export function MyStanding({
  board,
  changes,
  announcement,
}: {
  board: Leaderboard;
  changes: readonly RankChange[];
  announcement: string;
}) {
  const headingId = useId();
  const [first] = changes;
  const up = first !== undefined && (first.from === null || first.from > first.to);
  const ChangeIcon = up ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-indigo-light)"
      style={{ borderColor: 'var(--mantine-color-indigo-filled)' }}
    >
      <Stack gap="xs">
        <Title order={2} size="h5" id={headingId} c="indigo">
          Your place
        </Title>
        <Headline board={board} />
        <Box role="status" aria-live="polite" aria-atomic="true">
          {announcement && (
            <Group gap={4} wrap="nowrap" c={up ? 'teal' : 'red'}>
              <ChangeIcon size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
              <Text size="sm" fw={600} c="inherit">
                {announcement}
              </Text>
            </Group>
          )}
        </Box>
        {board.mine.length > 0 && (
          <Stack component="ul" gap={4} p={0} m={0} aria-label="Your entries" style={{ listStyle: 'none' }}>
            {board.mine.map((place) => (
              <Text component="li" key={place.entryId} size="sm">
                <strong>{place.rank === null ? 'No place yet' : ordinal(place.rank)}</strong>
                {' · '}
                {place.views === null ? 'no views read yet' : viewsText(place.views)}
                {place.readAt !== null && (
                  <>
                    {', as of '}
                    <Box component="time" dateTime={place.readAt}>
                      {formatDateTime(place.readAt, 'long')}
                    </Box>
                  </>
                )}
                {place.figureState === 'VALIDATED' ? ' · validated' : ' · provisional'}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
