import { Badge, Text } from '@mantine/core';
import { ENTRY_REJECTION_LABELS, type Entry, type EntryStatus } from '@platform/shared';

const STATUS_VIEW: Record<EntryStatus, { label: string; color: string }> = {
  SUBMITTED: { label: 'Waiting for review', color: 'yellow' },
  CHANGES_REQUESTED: { label: 'Changes requested', color: 'orange' },
  APPROVED: { label: 'Approved', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
  ARCHIVED: { label: 'Archived', color: 'gray' },
};

/**
 * Where an entry's review stands: its status and, beneath, why it was rejected, what its creator was asked
 * to change, or that nobody reviewed it before its deadline and it was approved on its own.
 */
export function EntryStatusCell({ entry }: { entry: Entry }) {
  const note = (text: string) => (
    <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
  return (
    <>
      <Badge color={STATUS_VIEW[entry.status].color} variant="light">
        {STATUS_VIEW[entry.status].label}
      </Badge>
      {entry.rejection &&
        note(
          `${ENTRY_REJECTION_LABELS[entry.rejection.reason]}${entry.rejection.note ? `: ${entry.rejection.note}` : ''}`,
        )}
      {entry.status === 'CHANGES_REQUESTED' && entry.changeRequest && note(`Asked: ${entry.changeRequest}`)}
      {entry.autoApproved && entry.status !== 'SUBMITTED' && note('Approved automatically')}
    </>
  );
}
