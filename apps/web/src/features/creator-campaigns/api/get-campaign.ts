import type { CreatorCampaignDetail } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { creatorCampaignPath, creatorCampaignQueryKey } from './paths';

export function getCreatorCampaign(id: string, signal?: AbortSignal) {
  return apiFetch<CreatorCampaignDetail>(creatorCampaignPath(id), { signal });
}

export function useCreatorCampaign(id: string) {
  return useQuery({
    queryKey: creatorCampaignQueryKey(id),
    queryFn: ({ signal }) => getCreatorCampaign(id, signal),
  });
}
