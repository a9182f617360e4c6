import type { CampaignFundingsResponse } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { campaignPath, campaignsQueryKey } from '../../../lib/campaign-api-paths';

export const campaignFundingsQueryKey = (campaignId: string) =>
  [...campaignsQueryKey, 'fundings', campaignId] as const;

/** The money received for a campaign's budget, newest first, and whether a provider can take a top-up. */
export function useCampaignFundings(campaignId: string) {
  return useQuery({
    queryKey: campaignFundingsQueryKey(campaignId),
    queryFn: ({ signal }) =>
      apiFetch<CampaignFundingsResponse>(campaignPath(campaignId, '/fundings'), { signal }),
  });
}
