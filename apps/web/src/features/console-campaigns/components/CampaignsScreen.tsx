import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import {
  can,
  formatDateTime,
  formatMoney,
  SEARCH_DEBOUNCE_MS,
  type AccountRole,
  type CampaignSummary,
} from '@platform/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/display/PagedTable';
import { CHECK_CONNECTION } from '../../../components/feedback/failure';
import { TextLink } from '../../../components/TextLink';
import { isApiError } from '../../../lib/api-client';
import { useCampaignList } from '../api/list-campaigns';
import { platformLabel, REWARD_LABELS, TYPE_LABELS } from './campaign-labels';
import {
  campaignFiltersOf,
  filterErrorsOf,
  hasCampaignFilters,
  NO_CAMPAIGN_FILTERS,
  type CampaignFilterValues,
} from './campaign-filter-values';
import { CampaignStatusBadge } from './CampaignStatusBadge';
import { campaignDetailPath, newCampaignPath } from './links';

// The filters bring the date pickers and the searchable select: they load beside the first page of
// campaigns rather than before it.
const CampaignFilters = lazy(() =>
  import('./CampaignFilters').then((module) => ({ default: module.CampaignFilters })),
);

/** The server's page size when none is asked for (contracts/lists.ts), kept here to leave zod out of the page. */
const PAGE_SIZE = 25;

const COLUMNS = ['Campaign', 'Status', 'Platform', 'Team', 'Runs', 'Budget', 'Reward'];

export interface CampaignsScreenProps {
  /** The signed-in person's role: it decides which actions and filters show. */
  role: AccountRole;
}

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

function CampaignRow({ campaign }: { campaign: CampaignSummary }) {
  return (
    <tr>
      <td>
        <TextLink
          to={campaignDetailPath(campaign.id)}
          fw={500}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {campaign.name}
        </TextLink>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {campaign.brandOrArtist} · {TYPE_LABELS[campaign.type]}
        </Text>
      </td>
      <td>
        <CampaignStatusBadge status={campaign.status} />
      </td>
      <td>{platformLabel(campaign.platform)}</td>
      <td style={{ overflowWrap: 'anywhere' }}>{campaign.team.name}</td>
      <td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(campaign.startsAt, 'short')}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          to {formatDateTime(campaign.endsAt, 'short')}
        </Text>
      </td>
      <td style={{ whiteSpace: 'nowrap' }}>{formatMoney(campaign.budget, campaign.currency)}</td>
      <td>{REWARD_LABELS[campaign.rewardType]}</td>
    </tr>
  );
}

/** Campaigns: a table paged, searched and filtered on the server, and a new campaign for those who may. */
export function CampaignsScreen({ role }: CampaignsScreenProps) {
  const canCreate = can(role, 'CREATE', 'CAMPAIGN');
  const withTeam = can(role, 'READ', 'TEAM');
  const [values, setValues] = useState<CampaignFilterValues>(NO_CAMPAIGN_FILTERS);
  const [search] = useDebouncedValue(values.search, SEARCH_DEBOUNCE_MS);
  const filters = campaignFiltersOf(values, search);
  // A new search or filter starts again from page 1; the page is kept with the filters it was chosen for,
  // so that typing does not ask for page 2 of the new search before page 1.
  const filtersKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filtersKey, page: 1 });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const list = useCampaignList({ ...filters, page, pageSize: PAGE_SIZE });

  // Filters the server refused (an end before the start) are shown under their fields.
  const refused = isApiError(list.error) && list.error.status === 400 ? list.error.details : [];
  const filterErrors = filterErrorsOf(refused);
  const data = refused.length > 0 ? undefined : list.data;
  const filtered = hasCampaignFilters(values);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" size="sm" maw={640}>
          Most recently changed first. Times are in GMT.
        </Text>
        {canCreate && (
          <Button
            component={Link}
            to={newCampaignPath}
            leftSection={<IconPlus size={16} aria-hidden="true" />}
          >
            New campaign
          </Button>
        )}
      </Group>

      <Suspense fallback={<FiltersSkeleton />}>
        <CampaignFilters value={values} onChange={setValues} withTeam={withTeam} errors={filterErrors} />
      </Suspense>

      {refused.length > 0 ? (
        <Text c="dimmed" ta="center" mt="lg">
          Correct the filters above to see the campaigns.
        </Text>
      ) : (
        <PagedTable
          aria-label="Campaigns"
          columns={COLUMNS}
          minWidth={960}
          data={data}
          fetching={list.isFetching}
          failure={
            list.isError && !data
              ? {
                  title: 'We could not load the campaigns',
                  message: CHECK_CONNECTION,
                  onRetry: () => void list.refetch(),
                  retrying: list.isFetching,
                }
              : null
          }
          emptyMessage={
            filtered
              ? 'No campaign matches these filters. Try other dates, another status or fewer words.'
              : canCreate
                ? 'No campaigns yet. Create the first one with “New campaign”.'
                : 'No campaigns to show yet. Campaigns of your teams will be listed here.'
          }
          renderRow={(campaign) => <CampaignRow key={campaign.id} campaign={campaign} />}
          page={page}
          noun="campaign"
          onPageChange={(next) => setPaging({ filtersKey, page: next })}
        />
      )}
    </Stack>
  );
}
