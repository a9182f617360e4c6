import { EmptyState } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';

export interface NotYetAvailableProps {
  /** What this screen will show and let people do, in a sentence or two. */
  children: string;
}

/** The empty state of a console screen that has not been built yet: what will be there, plainly. */
export function NotYetAvailable({ children }: NotYetAvailableProps) {
  return (
    <EmptyState mt="xl" maw={560} mx="auto" icon={<IconHourglassEmpty aria-hidden="true" />}>
      <EmptyState.Title order={2}>Not available yet</EmptyState.Title>
      <EmptyState.Description>{children}</EmptyState.Description>
    </EmptyState>
  );
}
