import type { CreatorCampaignCard } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { creatorCampaignsPath, creatorCampaignsQueryKey } from './paths';

/** Which of the creator's campaigns to list: those they can still take part in, or those that ended. */
export type CampaignShelf = 'open' | 'ended';

export function listCreatorCampaigns(shelf: CampaignShelf, signal?: AbortSignal) {
  const query = new URLSearchParams({ sorted: 'true', onlyEnded: String(shelf === 'ended') });
  return apiFetch<CreatorCampaignCard[]>(`${creatorCampaignsPath}?${query.toString()}`, { signal });
}

export function useCreatorCampaigns(shelf: CampaignShelf) {
  return useQuery({
    queryKey: [...creatorCampaignsQueryKey, 'list', shelf],
    queryFn: ({ signal }) => listCreatorCampaigns(shelf, signal),
  });
}
