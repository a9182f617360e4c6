import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { campaignQueryKey } from './get-campaign';
import { campaignPath } from '../../../lib/campaign-api-paths';

/** Removes one of the campaign's files (204). */
export function deleteAsset({ campaignId, assetId }: { campaignId: string; assetId: string }): Promise<void> {
  return apiFetch<void>(campaignPath(campaignId, `/assets/${encodeURIComponent(assetId)}`), {
    method: 'DELETE',
  });
}

export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAsset,
    onSettled: (_data, _error, { campaignId }) =>
      queryClient.invalidateQueries({ queryKey: campaignQueryKey(campaignId) }),
  });
}
