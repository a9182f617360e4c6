import type { CreatorCampaignCard } from '@platform/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { FRESH_FOR_MS } from '../../../lib/freshness';
import { creatorCampaignsPath, creatorCampaignsQueryKey } from './paths';

/** Which of the creator's campaigns to list: those they can still take part in, or those that ended. */
export type CampaignShelf = 'open' | 'ended';

/** The address's parameter that names the shelf: `?show=ended`, or none for the open campaigns. */
export const SHELF_PARAM = 'show';

export const shelfOf = (searchParams: URLSearchParams): CampaignShelf =>
  searchParams.get(SHELF_PARAM) === 'ended' ? 'ended' : 'open';

export function listCreatorCampaigns(shelf: CampaignShelf, signal?: AbortSignal) {
  const query = new URLSearchParams({ sorted: 'true', onlyEnded: String(shelf === 'ended') });
  return apiFetch<CreatorCampaignCard[]>(`${creatorCampaignsPath}?${query.toString()}`, { signal });
}

export const creatorCampaignsQueryOptions = (shelf: CampaignShelf) =>
  queryOptions({
    queryKey: [...creatorCampaignsQueryKey, 'list', shelf],
    queryFn: ({ signal }) => listCreatorCampaigns(shelf, signal),
    staleTime: FRESH_FOR_MS,
  });

export function useCreatorCampaigns(shelf: CampaignShelf) {
  return useQuery(creatorCampaignsQueryOptions(shelf));
}
