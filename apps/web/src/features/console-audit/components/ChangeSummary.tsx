import { Stack, Text, VisuallyHidden } from '@mantine/core';
import { changedFields } from './changes';

export interface ChangeSummaryProps {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Shown at most; the rest are counted. */
const MAX_FIELDS = 4;

/** The fields a write changed, one a line: `name: Fall → Autumn`. */
export function ChangeSummary({ before, after }: ChangeSummaryProps) {
  const changes = changedFields(before, after);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No field changes
      </Text>
    );
  }
  const shown = changes.slice(0, MAX_FIELDS);
  return (
    <Stack gap={2}>
      {shown.map(({ field, before: was, after: is }) => (
        <Text key={field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm">
            {field}
          </Text>
          {': '}
          {was !== null && (
            <Text span size="sm" c="dimmed" td={is !== null ? 'line-through' : undefined}>
              {was}
            </Text>
          )}
          {was !== null && is !== null && (
            <>
              <span aria-hidden="true"> → </span>
              <VisuallyHidden> changed to </VisuallyHidden>
            </>
          )}
          {is !== null && <span>{is}</span>}
          {is === null && (
            <Text span size="sm" c="dimmed">
              {' '}
              (removed)
            </Text>
          )}
        </Text>
      ))}
      {changes.length > MAX_FIELDS && (
        <Text size="xs" c="dimmed">
          and {changes.length - MAX_FIELDS} more
        </Text>
      )}
    </Stack>
  );
}
