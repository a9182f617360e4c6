import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export function GallerySection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <div>
        <Title order={2} id={headingId} size="h3">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

export function StateGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

/** One state of a widget, as a group named after the state so that tests can find the widget in it. */
export function StateCard({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={labelId}>
      <Stack gap="sm">
        <Text id={labelId} size="xs" fw={700} c="dimmed" tt="uppercase">
          {label}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
