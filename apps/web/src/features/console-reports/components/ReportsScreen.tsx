import { Badge, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  CAMPAIGN_STATUSES,
  formatDateTime,
  SEARCH_DEBOUNCE_MS,
  type CampaignStatus,
  type CampaignSummary,
} from '@platform/shared';
import { useEffect, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import { PagedTable } from '../../../components/display/PagedTable';
import { CHECK_CONNECTION } from '../../../components/feedback/failure';
import { TextField } from '../../../components/form/TextField';
import { TextLink } from '../../../components/TextLink';
import { pageFromParam } from '../../../lib/page-param';
import { consoleReportPath } from '../../../lib/report-paths';
import { useReportList } from '../api/list-reports';
import { platformLabel, STATUS_COLORS, STATUS_LABELS } from './report-words';

/** The server's page size when none is asked for (contracts/lists.ts), kept here to leave zod out of the page. */
const PAGE_SIZE = 25;
const COLUMNS = ['Campaign', 'Status', 'Platform', 'Runs'];

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...CAMPAIGN_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

const statusOf = (value: string | null): CampaignStatus | null =>
  CAMPAIGN_STATUSES.find((status) => status === value) ?? null;

function ReportRow({ campaign }: { campaign: CampaignSummary }) {
  return (
    <tr>
      <td>
        <TextLink to={consoleReportPath(campaign.id)} fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {campaign.name}
        </TextLink>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {campaign.brandOrArtist}
        </Text>
      </td>
      <td>
        <Badge color={STATUS_COLORS[campaign.status]} variant="light" miw="max-content">
          {STATUS_LABELS[campaign.status]}
        </Badge>
      </td>
      <td>{platformLabel(campaign.platform)}</td>
      <td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(campaign.startsAt, 'short')}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          to {formatDateTime(campaign.endsAt, 'short')}
        </Text>
      </td>
    </tr>
  );
}

/** The campaigns whose report the person may read, searched and filtered from the address bar. */
export function ReportsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlSearch = searchParams.get('search') ?? '';
  const status = statusOf(searchParams.get('status'));
  const page = pageFromParam(searchParams.get('page'));
  const [search, setSearch] = useState(urlSearch);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const navigation = useNavigation();
  const list = useReportList({ page, pageSize: PAGE_SIZE, search: urlSearch, status });

  const show = (next: { search: string; status: CampaignStatus | null }, nextPage: number) => {
    const params = new URLSearchParams();
    if (next.search) params.set('search', next.search);
    if (next.status) params.set('status', next.status);
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearchParams(params, { replace: true });
  };

  useEffect(() => {
    // A search settling while a link's page loads would replace that navigation with this page's own.
    if (navigation.state !== 'idle') return;
    if (urlSearch !== debouncedSearch) show({ search: debouncedSearch, status }, 1);
    // Only a settled search moves the list; the status is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const filtered = urlSearch !== '' || status !== null;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <TextField
          label="Search"
          placeholder="Name or brand"
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(event) => show({ search: urlSearch, status: statusOf(event.currentTarget.value) }, 1)}
        />
      </SimpleGrid>
      <PagedTable
        aria-label="Campaign reports"
        columns={COLUMNS}
        minWidth={720}
        data={list.data}
        fetching={list.isFetching}
        failure={
          list.isError && !list.data
            ? {
                title: 'We could not load the reports',
                message: CHECK_CONNECTION,
                onRetry: () => void list.refetch(),
                retrying: list.isFetching,
              }
            : null
        }
        emptyMessage={
          filtered
            ? 'No campaign matches. Choose another status or search for something else.'
            : 'No campaign reports to show yet. Your teams’ campaigns will be listed here.'
        }
        renderRow={(campaign) => <ReportRow key={campaign.id} campaign={campaign} />}
        page={page}
        noun="campaign"
        onPageChange={(next) => show({ search: urlSearch, status }, next)}
      />
    </Stack>
  );
}
