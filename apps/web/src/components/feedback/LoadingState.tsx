import { Loader, Stack, Text } from '@mantine/core';

export interface LoadingStateProps {
  label?: string;
}

export function LoadingState({ label = 'Loading…' }: LoadingStateProps) {
  return (
    <Stack align="center" gap="sm" py="xl" role="status" aria-live="polite">
      <Loader size="md" aria-hidden="true" />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </Stack>
  );
}
