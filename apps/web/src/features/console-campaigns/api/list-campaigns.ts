import type { CampaignStatus, MarketingPlatform, Paged, CampaignSummary } from '@platform/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { campaignListsQueryKey, campaignsPath } from '../../../lib/campaign-api-paths';

export interface CampaignListParams {
  page: number;
  pageSize: number;
  search: string;
  status: CampaignStatus | null;
  teamId: string | null;
  platform: MarketingPlatform | null;
  /** ISO instants: the campaigns running at some moment between them. */
  from: string | null;
  to: string | null;
  includeArchived: boolean;
}

export function listCampaigns(
  params: CampaignListParams,
  signal?: AbortSignal,
): Promise<Paged<CampaignSummary>> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.search.trim()) query.set('search', params.search.trim());
  if (params.status) query.set('status', params.status);
  if (params.teamId) query.set('teamId', params.teamId);
  if (params.platform) query.set('platform', params.platform);
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  if (params.includeArchived) query.set('includeArchived', 'true');
  return apiFetch<Paged<CampaignSummary>>(`${campaignsPath()}?${query.toString()}`, { signal });
}

export const campaignListQueryOptions = (params: CampaignListParams) =>
  queryOptions({
    queryKey: [...campaignListsQueryKey, params],
    queryFn: ({ signal }) => listCampaigns(params, signal),
    // The table keeps showing the last page while the next one loads, rather than jumping to skeletons.
    placeholderData: keepPreviousData,
  });

export function useCampaignList(params: CampaignListParams) {
  return useQuery(campaignListQueryOptions(params));
}
