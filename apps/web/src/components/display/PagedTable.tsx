import { Group, Pagination, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailure, type LoadFailureProps } from '../feedback/failure';
import { DataTable } from './DataTable';

const PAGE_CONTROLS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

export interface PagerProps {
  total: number;
  /** The page on show, from 1; a page past the last (rows removed meanwhile) still shows as chosen. */
  page: number;
  pageSize: number;
  /** What is counted: 'staff member'. */
  noun: string;
  /** When it is not the noun with an s: 'territories'. */
  plural?: string;
  onChange: (page: number) => void;
}

/** How many there are, and the pages when there is more than one; nothing when there are none. */
export function Pager({ total, page, pageSize, noun, plural = `${noun}s`, onChange }: PagerProps) {
  if (total === 0) return null;
  const pages = Math.max(Math.ceil(total / pageSize), page);
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {total} {total === 1 ? noun : plural}
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

/** One page of a list the server pages. */
export interface TablePage<Item> {
  items: readonly Item[];
  total: number;
  pageSize: number;
}

export interface PagedTableProps<Item> {
  /** The table's accessible name. */
  'aria-label'?: string;
  /** The column headings, in order. */
  columns: readonly string[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** The page on show; until it can be shown, placeholder rows. */
  data: TablePage<Item> | undefined;
  /** A page or search is loading: the rows on show dim. */
  fetching: boolean;
  /** The list could not be read: this failure, with its retry, shows instead of the table. */
  failure: LoadFailureProps | null;
  /** What to do next when there is nothing at all to list. */
  emptyMessage: ReactNode;
  /** One `tr` (with its key) per item. */
  renderRow: (item: Item) => ReactNode;
  /** The page asked for, from 1. */
  page: number;
  /** What the pager counts: 'identity check'. */
  noun: string;
  /** When it is not the noun with an s: 'entries'. */
  plural?: string;
  onPageChange: (page: number) => void;
}

/** Placeholder rows while the first page loads. */
function SkeletonRows({ columns }: { columns: number }) {
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
function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
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

/**
 * A console list the server pages: the table (placeholder rows while loading, a row saying what to do
 * when empty) or the failure to load it, then how many there are and the pages.
 */
export function PagedTable<Item>({
  'aria-label': label,
  columns,
  minWidth,
  data,
  fetching,
  failure,
  emptyMessage,
  renderRow,
  page,
  noun,
  plural,
  onPageChange,
}: PagedTableProps<Item>) {
  return (
    <>
      {failure ? (
        <LoadFailure {...failure} />
      ) : (
        <DataTable aria-label={label} aria-busy={fetching || undefined} minWidth={minWidth}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {!data ? (
              <SkeletonRows columns={columns.length} />
            ) : data.items.length === 0 ? (
              <EmptyRow columns={columns.length}>
                {data.total > 0 ? 'Nothing on this page any more. Choose another page below.' : emptyMessage}
              </EmptyRow>
            ) : (
              data.items.map((item) => renderRow(item))
            )}
          </tbody>
        </DataTable>
      )}

      {data && (
        <Pager
          total={data.total}
          page={page}
          pageSize={data.pageSize}
          noun={noun}
          {...(plural ? { plural } : {})}
          onChange={onPageChange}
        />
      )}
    </>
  );
}
