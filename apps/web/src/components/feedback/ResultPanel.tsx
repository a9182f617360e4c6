import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockX, IconMail, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type ResultTone = 'success' | 'info' | 'warning' | 'error';

const TONES: Record<ResultTone, { color: string; icon: Icon }> = {
  success: { color: 'teal', icon: IconCircleCheck },
  info: { color: 'indigo', icon: IconMail },
  warning: { color: 'orange', icon: IconClockX },
  error: { color: 'red', icon: IconAlertTriangle },
};

export interface ResultPanelProps {
  tone: ResultTone;
  title: string;
  children?: ReactNode;
  /** Links or buttons that lead on from here. */
  actions?: ReactNode;
  icon?: Icon;
}

/** The outcome of a flow (verified, expired, email sent…) as a page body. */
export function ResultPanel({ tone, title, children, actions, icon }: ResultPanelProps) {
  const { color, icon: toneIcon } = TONES[tone];
  const ResultIcon = icon ?? toneIcon;
  return (
    <Stack align="center" ta="center" gap="md" data-tone={tone}>
      <ThemeIcon size={56} radius="xl" variant="light" color={color}>
        <ResultIcon size={30} stroke={1.75} aria-hidden="true" />
      </ThemeIcon>
      <Title order={1} size="h3">
        {title}
      </Title>
      {children !== undefined && (
        <Text c="dimmed" component="div">
          {children}
        </Text>
      )}
      {actions !== undefined && (
        <Stack w="100%" gap="xs" mt="xs">
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
