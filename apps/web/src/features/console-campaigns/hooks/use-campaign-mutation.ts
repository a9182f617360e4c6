import type { CampaignDetail } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignQueryKey } from '../api/get-campaign';
import { campaignListsQueryKey } from '../../../lib/campaign-api-paths';

/**
 * A write that answers with the campaign as it now stands: that answer becomes the cached campaign and
 * the lists are read again. A refusal (409: someone moved it meanwhile) reads the campaign again too.
 */
export function useCampaignMutation<Variables>(
  mutationFn: (variables: Variables) => Promise<CampaignDetail>,
  campaignIdOf: (variables: Variables) => string | null = () => null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignQueryKey(campaign.id), campaign);
      return queryClient.invalidateQueries({ queryKey: campaignListsQueryKey });
    },
    onError: (_error, variables) => {
      const id = campaignIdOf(variables);
      if (id) void queryClient.invalidateQueries({ queryKey: campaignQueryKey(id) });
    },
  });
}
