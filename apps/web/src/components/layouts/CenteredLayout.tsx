import { Box, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from './Brand';

export interface CenteredLayoutProps {
  children: ReactNode;
  /** Below the card: the legal links, say. */
  footer?: ReactNode;
}

/** Mobile-first: a full-width card on phones, a centred 420px card on larger screens. */
export function CenteredLayout({ children, footer }: CenteredLayoutProps) {
  return (
    <Box
      mih="100dvh"
      px={{ base: 'sm', xs: 'md' }}
      py={{ base: 'lg', sm: 'xl' }}
      style={{
        background:
          'linear-gradient(180deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-gray-0) 60%)',
      }}
    >
      <Stack component="main" maw={420} mx="auto" gap="lg" pt={{ base: 0, sm: '6vh' }}>
        <Brand />
        <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', xs: 'xl' }}>
          {children}
        </Paper>
        {footer}
      </Stack>
    </Box>
  );
}
