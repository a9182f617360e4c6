import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime, ordinal, type LeaderboardPlace } from '@platform/shared';
import { formatCount } from '../../../lib/metrics-words';
import { handleText, placeHolderName } from '../utils/board-words';

export interface PlaceRowProps {
  place: LeaderboardPlace;
  /** One of the signed-in creator's own entries. */
  mine: boolean;
  /** What this place wins, when it wins something ('£500.00'). */
  prize: string | null;
}

/** Whether a place's views are validated (ADR 037); a provisional one says when it will be. */
export function FigureState({ place }: { place: Pick<LeaderboardPlace, 'figureState' | 'validatedAt'> }) {
  if (place.figureState === 'VALIDATED') {
    return (
      <Badge size="sm" variant="light" color="teal" tt="none">
        Validated
      </Badge>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      <Badge size="sm" variant="light" color="gray" tt="none">
        Provisional
      </Badge>
      <Text size="xs" c="dimmed">
        Validated by{' '}
        <Box component="time" dateTime={place.validatedAt}>
          {formatDateTime(place.validatedAt, 'long')}
        </Box>
      </Text>
    </Group>
  );
}

/** One place: rank, who, views, when those views were read, and whether they are validated yet. */
export function PlaceRow({ place, mine, prize }: PlaceRowProps) {
  const name = placeHolderName(place);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      px="sm"
      py="xs"
      bg={mine ? 'var(--mantine-color-indigo-light)' : undefined}
      style={mine ? { borderColor: 'var(--mantine-color-indigo-filled)' } : undefined}
    >
      <Group wrap="nowrap" gap="sm" align="center">
        <Text
          fw={700}
          w={44}
          ta="center"
          style={{ flexShrink: 0 }}
          c={place.rank === null ? 'dimmed' : undefined}
        >
          {place.rank === null ? '–' : ordinal(place.rank)}
        </Text>
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap" miw={0}>
            <Text fw={600} truncate="end">
              {name}
            </Text>
            {mine && (
              <Badge size="xs" variant="filled" color="indigo" style={{ flexShrink: 0 }}>
                You
              </Badge>
            )}
          </Group>
          {place.creator.handle && place.creator.name !== null && (
            <Text size="xs" c="dimmed" truncate="end">
              {handleText(place.creator.handle)}
            </Text>
          )}
        </Stack>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={600}>{place.views === null ? '–' : formatCount(place.views)}</Text>
          <Text size="xs" c="dimmed">
            {place.views === 1 ? 'view' : 'views'}
          </Text>
        </Stack>
      </Group>
      <Group justify="space-between" gap="xs" mt={4} wrap="wrap">
        <Text size="xs" c="dimmed">
          {place.readAt === null ? (
            'No views read yet'
          ) : (
            <>
              as of{' '}
              <Box component="time" dateTime={place.readAt}>
                {formatDateTime(place.readAt, 'long')}
              </Box>
            </>
          )}
        </Text>
        {prize && (
          <Text size="xs" fw={600} c="teal">
            Prize {prize}
          </Text>
        )}
      </Group>
      <Box mt={4}>
        <FigureState place={place} />
      </Box>
    </Paper>
  );
}
