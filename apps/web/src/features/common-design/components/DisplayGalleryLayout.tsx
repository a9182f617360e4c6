import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export function GallerySection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} id={headingId} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function StateGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid type="container" cols={{ base: 1, '640px': 2, '960px': 3 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

export function StateCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {label}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

export function Outcome({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {children}
    </Text>
  );
}
