import { Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface FieldErrorProps {
  message: string;
}

/** A validation message under a field, with the warning icon the spec asks for (SPEC §2, §8). */
export function FieldError({ message }: FieldErrorProps) {
  return (
    <Group component="span" gap={6} wrap="nowrap" align="flex-start">
      <IconAlertTriangle size="1.2em" stroke={2} aria-hidden="true" style={{ flexShrink: 0 }} />
      <span>{message}</span>
    </Group>
  );
}

/** Turns an optional message into the node Mantine inputs take as `error`. */
export function renderFieldError(message: string | undefined): ReactNode {
  return message ? <FieldError message={message} /> : undefined;
}
