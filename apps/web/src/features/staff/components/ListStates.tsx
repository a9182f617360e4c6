import { Alert, Button, Group, Pagination, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const PAGE_CONTROLS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

/** Placeholder rows while the first page loads. */
export function SkeletonRows({ columns }: { columns: number }) {
  return [0, 1, 2, 3, 4].map((row) => (
    <tr key={row} aria-hidden="true">
      {Array.from({ length: columns }, (_, column) => (
        <td key={column}>
          <Skeleton height={16} radius="sm" />
        </td>
      ))}
    </tr>
  ));
}

/** One row across the table saying what to do next when there is nothing to show. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns}>
        <Text c="dimmed" ta="center" py="lg">
          {children}
        </Text>
      </td>
    </tr>
  );
}

export function LoadFailure({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden="true" />}>
      <Button size="xs" variant="light" color="red" mt="xs" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

export interface PagerProps {
  total: number;
  page: number;
  pageSize: number;
  /** 'staff member', 'invitation'. */
  noun: string;
  onChange: (page: number) => void;
}

/** How many there are, and the pages when there is more than one. */
export function Pager({ total, page, pageSize, noun, onChange }: PagerProps) {
  if (total === 0) return null;
  const pages = Math.max(Math.ceil(total / pageSize), page);
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {total} {total === 1 ? noun : `${noun}s`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          getControlProps={(control) => ({ 'aria-label': PAGE_CONTROLS[control] })}
        />
      )}
    </Group>
  );
}
