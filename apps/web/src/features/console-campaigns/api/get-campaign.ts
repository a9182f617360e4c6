import type { CampaignAsset, CampaignDetail } from '@platform/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { campaignPath, campaignsQueryKey } from '../../../lib/campaign-api-paths';

/** How often a campaign is read again while one of its files is being scanned or processed. */
export const ASSET_POLL_MS = 3000;

/** A file the server is still scanning or processing: its outcome is not known yet. */
export const isAssetPending = (asset: Pick<CampaignAsset, 'scanStatus'>) =>
  asset.scanStatus === 'SCANNING' || asset.scanStatus === 'PROCESSING';

export function getCampaign(id: string, signal?: AbortSignal): Promise<CampaignDetail> {
  return apiFetch<CampaignDetail>(campaignPath(id), { signal });
}

export const campaignQueryKey = (id: string) => [...campaignsQueryKey, 'detail', id] as const;

export const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignQueryKey(id),
    queryFn: ({ signal }) => getCampaign(id, signal),
    // Polled while a file is being scanned, so that its outcome shows without a reload.
    refetchInterval: (query) => (query.state.data?.assets.some(isAssetPending) ? ASSET_POLL_MS : false),
  });

export function useCampaign(id: string) {
  return useQuery(campaignQueryOptions(id));
}
