import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Ref } from 'react';

export interface BulkMoveFailure {
  id: string;
  /** What did not move, in a few words: the entry's creator, the payment's amount and entry. */
  name: string;
  /** Why it did not move, as the server put it. */
  message: string;
}

export interface BulkMoveReportProps {
  /** Receives focus once the move is done, so the keyboard lands on what needs reading. */
  ref: Ref<HTMLDivElement>;
  /** What is counted: `{ one: 'entry', many: 'entries' }`. */
  noun: { one: string; many: string };
  /** What the move did to those that moved: 'approved'. */
  done: string;
  failures: readonly BulkMoveFailure[];
  onDismiss: () => void;
}

/** After a move of several rows, the rows that did not move, each with why; stays until dismissed. */
export function BulkMoveReport({ ref, noun, done, failures, onDismiss }: BulkMoveReportProps) {
  const title =
    failures.length === 1
      ? `1 ${noun.one} was not ${done}`
      : `${failures.length} ${noun.many} were not ${done}`;
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
          <List.Item key={failure.id}>
            <Text span size="sm" fw={500}>
              {failure.name}
            </Text>
            : {failure.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
