import type { CampaignStatus, MarketingPlatform } from '@platform/shared';
import type { SearchableItem } from '../../../components/inputs/searchable-items';
import type { CampaignListParams } from '../api/list-campaigns';

export type CampaignFilterValues = {
  /** As typed; the list waits for a pause in typing before searching. */
  search: string;
  status: CampaignStatus | null;
  team: SearchableItem | null;
  platform: MarketingPlatform | null;
  /** 'YYYY-MM-DD', whole days in UTC: the campaigns running at some moment of them. */
  from: string | null;
  to: string | null;
  includeArchived: boolean;
};

export type CampaignFilterField = keyof CampaignFilterValues;

export const NO_CAMPAIGN_FILTERS: CampaignFilterValues = {
  search: '',
  status: null,
  team: null,
  platform: null,
  from: null,
  to: null,
  includeArchived: false,
};

export const hasCampaignFilters = (values: CampaignFilterValues) =>
  values.search.trim() !== '' ||
  values.status !== null ||
  values.team !== null ||
  values.platform !== null ||
  values.from !== null ||
  values.to !== null;

/** The filters as the list call takes them, with `search` as it stands after the typing pause. */
export function campaignFiltersOf(
  values: CampaignFilterValues,
  search: string,
): Omit<CampaignListParams, 'page' | 'pageSize'> {
  return {
    search: search.trim(),
    status: values.status,
    teamId: values.team?.id ?? null,
    platform: values.platform,
    // A day runs from its first moment to its last, in UTC as every time the product shows.
    from: values.from ? `${values.from}T00:00:00.000Z` : null,
    to: values.to ? `${values.to}T23:59:59.999Z` : null,
    includeArchived: values.includeArchived,
  };
}

const FIELD_OF_QUERY: Record<string, CampaignFilterField> = {
  search: 'search',
  status: 'status',
  teamId: 'team',
  platform: 'platform',
  from: 'from',
  to: 'to',
};

/** The server's message for each filter it refused (an end before the start, say), by field. */
export function filterErrorsOf(
  details: readonly { field: string; message: string }[],
): Partial<Record<CampaignFilterField, string>> {
  const errors: Partial<Record<CampaignFilterField, string>> = {};
  for (const { field, message } of details) {
    const name = FIELD_OF_QUERY[field];
    if (name && !errors[name]) errors[name] = message;
  }
  return errors;
}
