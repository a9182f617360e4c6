import { Alert, Button, type AlertProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { AUTH_MESSAGES } from '@platform/shared';
import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api-client';

/** What a person can do about a read that failed when nothing more is known. */
export const CHECK_CONNECTION = 'Check your connection and try again.';

export interface LoadFailureProps {
  /** 'We could not load the staff'. */
  title: string;
  onRetry: () => void;
  /** The retry is running: the button shows its spinner. */
  retrying?: boolean;
  /** What to do about it, under the title (`CHECK_CONNECTION`); none when left out. */
  message?: ReactNode;
  maw?: AlertProps['maw'];
}

/** Something the page needs could not be read: say so, and offer another try. */
export function LoadFailure({ title, onRetry, retrying, message, maw }: LoadFailureProps) {
  const hasMessage = message !== undefined && message !== null;
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertTriangle aria-hidden="true" />}
      maw={maw}
    >
      {message}
      <Button
        display={hasMessage ? 'block' : undefined}
        size="xs"
        variant="light"
        color="red"
        mt={hasMessage ? 'sm' : 'xs'}
        loading={retrying}
        onClick={onRetry}
      >
        Try again
      </Button>
    </Alert>
  );
}

/**
 * What to tell the person when the server refused an action: its own words for a refusal it explains
 * (400, 404, 409…); the generic message for a server failure or no answer at all.
 */
export const failureText = (error: unknown): string =>
  isApiError(error) && error.status > 0 && error.status < 500 ? error.message : AUTH_MESSAGES.unknownError;
