import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeadingProps {
  title: string;
  subtitle?: ReactNode;
}

export function PageHeading({ title, subtitle }: PageHeadingProps) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {subtitle !== undefined && (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
