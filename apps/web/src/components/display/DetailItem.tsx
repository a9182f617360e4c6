import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One fact of a staff detail page, as a term and its description inside a `<dl>`: a long value (a note,
 * an address) wraps anywhere and keeps its line breaks; `wide` spans every column of a grid.
 */
export function DetailItem({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Box style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text
        component="dd"
        size="sm"
        m={0}
        mt={2}
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
      >
        {children}
      </Text>
    </Box>
  );
}
