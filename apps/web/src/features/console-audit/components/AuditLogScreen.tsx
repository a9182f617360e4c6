import { Button, EmptyState, Group, Pagination, Skeleton, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@platform/shared';
import { IconDownload, IconHistory, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { isApiError } from '../../../lib/api-client';
import { useDownloadAuditLog } from '../api/download-audit-log';
import { useAuditLog } from '../api/get-audit-log';
import {
  auditFiltersOf,
  filterErrorsOf,
  hasAuditFilters,
  NO_AUDIT_FILTERS,
  type AuditFilterValues,
} from './audit-filter-values';
import { AuditLogTable, AuditLogTableSkeleton } from './AuditLogTable';

// The filters bring the date pickers and the searchable select: they load beside the first page of the
// log rather than before it.
const AuditLogFilters = lazy(() =>
  import('./AuditLogFilters').then((module) => ({ default: module.AuditLogFilters })),
);

export const AUDIT_PAGE_SIZE = 25;

function FiltersSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((field) => (
        <Stack key={field} gap={6}>
          <Skeleton height={14} width="40%" radius="sm" />
          <Skeleton height={42} radius="md" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

const PAGE_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** The Admin's view of every staff write: filters, a page of entries at a time, and the CSV export. */
export function AuditLogScreen() {
  const [values, setValues] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const [search] = useDebouncedValue(values.search, SEARCH_DEBOUNCE_MS);
  const filters = auditFiltersOf(values, search);
  // Other filters start from the first page; the page is kept with the filters it was chosen for, so that
  // typing does not ask for page 1 of the old search before the new one.
  const filtersKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const setPage = (number: number) => setPaging({ filtersKey, page: number });
  const log = useAuditLog({ ...filters, page, pageSize: AUDIT_PAGE_SIZE });
  const download = useDownloadAuditLog();

  // Filters the server refused (an end date before the start) are shown under their fields.
  const refused = isApiError(log.error) && log.error.status === 400 ? log.error.details : [];
  const filterErrors = filterErrorsOf(refused);

  let body;
  if (refused.length > 0) {
    body = (
      <Text c="dimmed" ta="center" mt="lg">
        Correct the filters above to see the log.
      </Text>
    );
  } else if (log.isError) {
    body = (
      <LoadFailure
        title="We could not load the audit log"
        message={CHECK_CONNECTION}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  } else if (!log.data) {
    body = <AuditLogTableSkeleton />;
  } else if (log.data.items.length === 0) {
    body = hasAuditFilters(values) ? (
      <EmptyState mt="lg" icon={<IconSearch aria-hidden="true" />}>
        <EmptyState.Title order={2}>No entries match these filters</EmptyState.Title>
        <EmptyState.Description>
          Try a wider date range, another person or fewer words.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button variant="light" onClick={() => setValues(NO_AUDIT_FILTERS)}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <EmptyState mt="lg" icon={<IconHistory aria-hidden="true" />}>
        <EmptyState.Title order={2}>Nothing has been recorded yet</EmptyState.Title>
        <EmptyState.Description>
          Every change staff make in the console (invitations, teams, territories, lookups) will be listed
          here, with who made it and when.
        </EmptyState.Description>
      </EmptyState>
    );
  } else {
    const { items, total } = log.data;
    const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
    const first = (page - 1) * AUDIT_PAGE_SIZE + 1;
    body = (
      <Stack gap="md">
        <AuditLogTable entries={items} stale={log.isPlaceholderData} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {first}–{first + items.length - 1} of {total}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              aria-label="Audit log pages"
              getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
              getControlProps={(control) => ({ 'aria-label': PAGE_CONTROL_LABELS[control] })}
            />
          )}
        </Group>
      </Stack>
    );
  }

  const downloadProblem = isApiError(download.error) && download.error.status === 400;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" size="sm" maw={640}>
          Every change staff make, newest first. Times are in GMT.
        </Text>
        <Stack gap={4} align="flex-end">
          <Button
            leftSection={<IconDownload size={18} aria-hidden="true" />}
            loading={download.isPending}
            onClick={() => download.mutate(filters)}
          >
            Download CSV
          </Button>
          {download.isError && (
            <Text size="sm" c="red" role="alert">
              {downloadProblem
                ? 'Correct the filters to download the log.'
                : 'We could not prepare the file. Please try again.'}
            </Text>
          )}
        </Stack>
      </Group>
      <Suspense fallback={<FiltersSkeleton />}>
        <AuditLogFilters value={values} onChange={setValues} errors={filterErrors} />
      </Suspense>
      {body}
    </Stack>
  );
}
