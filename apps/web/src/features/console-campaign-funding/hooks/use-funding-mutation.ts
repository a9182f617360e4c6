import type { CampaignFunding } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignFundingsQueryKey } from '../api/get-campaign-fundings';

/**
 * A write that adds money to a campaign's budget: the fundings are read again after it, and after a
 * refusal too (someone may have recorded it meanwhile); `onFunded` lets the page read the budget again.
 */
export function useFundingMutation<Body>(
  campaignId: string,
  mutationFn: (body: Body) => Promise<CampaignFunding>,
  onFunded: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      onFunded();
      return queryClient.invalidateQueries({ queryKey: campaignFundingsQueryKey(campaignId) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: campaignFundingsQueryKey(campaignId) }),
  });
}
