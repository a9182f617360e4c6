import type { CampaignAsset } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { campaignPath } from '../../../lib/campaign-api-paths';

/** Tells the server the file's bytes are in place: it then scans and processes it. */
export function completeAssetUpload({
  campaignId,
  assetId,
  signal,
}: {
  campaignId: string;
  assetId: string;
  signal?: AbortSignal;
}): Promise<CampaignAsset> {
  return apiFetch<CampaignAsset>(
    campaignPath(campaignId, `/assets/${encodeURIComponent(assetId)}/complete`),
    { method: 'POST', signal },
  );
}
