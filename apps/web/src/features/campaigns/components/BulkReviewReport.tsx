import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Ref } from 'react';

export interface BulkReviewFailure {
  entryId: string;
  creatorName: string;
  /** Why it did not move, as the server put it. */
  message: string;
}

export interface BulkReviewReportProps {
  /** Receives focus once the move is done, so the keyboard lands on what needs reading. */
  ref: Ref<HTMLDivElement>;
  /** What the move did to those that moved: 'approved'. */
  done: string;
  failures: readonly BulkReviewFailure[];
  onDismiss: () => void;
}

/** After a move of several entries, the entries that did not move, each with why; stays until dismissed. */
export function BulkReviewReport({ ref, done, failures, onDismiss }: BulkReviewReportProps) {
  const title =
    failures.length === 1 ? `1 entry was not ${done}` : `${failures.length} entries were not ${done}`;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="alert"
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      <List size="sm" spacing={4}>
        {failures.map((failure) => (
          <List.Item key={failure.entryId}>
            <Text span size="sm" fw={500}>
              {failure.creatorName}
            </Text>
            : {failure.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
