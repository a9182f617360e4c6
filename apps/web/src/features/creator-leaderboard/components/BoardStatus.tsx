import { Alert, Badge, Box, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { formatDateTime, type Leaderboard } from '@platform/shared';
import { IconLock } from '@tabler/icons-react';
import { LEADERBOARD_POLL_MS } from '../api/get-leaderboard';

const At = ({ at }: { at: string }) => (
  <Box component="time" dateTime={at}>
    {formatDateTime(at, 'long')}
  </Box>
);

/**
 * Whether the board still moves: live until it closes, then closed while its entries' views are validated,
 * then final (ADR 037).
 */
export function BoardStatus({ board }: { board: Leaderboard }) {
  const closes = board.period === null ? 'The board closed' : `Period ${board.period.number} closed`;
  return (
    <Stack gap={6}>
      {board.frozen ? (
        <Alert
          color="gray"
          variant="light"
          icon={<IconLock aria-hidden="true" />}
          title={board.final ? 'Frozen — final results' : 'Closed — views being validated'}
        >
          {closes} on <At at={board.closesAt} />. Views read after that do not count
          {board.final
            ? ': these places are final.'
            : '. Places may still move until every entry’s views are validated.'}
        </Alert>
      ) : (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge color="red" variant="dot" style={{ flexShrink: 0 }}>
            Live
          </Badge>
          <Text size="sm" c="dimmed">
            Updates every {LEADERBOARD_POLL_MS / 1000} seconds. Closes on <At at={board.closesAt} />.
          </Text>
        </Group>
      )}
      <Text size="sm" c="dimmed">
        {board.asOf === null ? (
          'No views have been read yet.'
        ) : (
          <>
            Views as of <At at={board.asOf} />
          </>
        )}
      </Text>
    </Stack>
  );
}

/** A sprint's periods, each with a board of its own: the one shown, and the others to choose. */
export function PeriodPicker({
  period,
  selected,
  onChange,
}: {
  /** The period of the board on screen. */
  period: NonNullable<Leaderboard['period']>;
  /** The period asked for: another one while its board loads. */
  selected: number;
  onChange: (period: number) => void;
}) {
  const options = Array.from({ length: period.count }, (_, index) => ({
    value: String(index + 1),
    label: `Period ${index + 1} of ${period.count}`,
  }));
  return (
    <NativeSelect
      size="md"
      label="Period"
      data={options}
      value={String(selected)}
      description={`From ${formatDateTime(period.startsAt, 'long')} to ${formatDateTime(period.endsAt, 'long')}`}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
    />
  );
}
