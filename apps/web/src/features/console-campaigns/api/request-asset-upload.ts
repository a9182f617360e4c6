import type { CampaignAssetUploadBody, CampaignAssetUploadResponse } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { campaignPath } from '../../../lib/campaign-api-paths';

/** Asks for a signed URL to upload one of the campaign's files to, before any byte is sent. */
export function requestAssetUpload({
  campaignId,
  body,
  signal,
}: {
  campaignId: string;
  body: CampaignAssetUploadBody;
  signal?: AbortSignal;
}): Promise<CampaignAssetUploadResponse> {
  return apiFetch<CampaignAssetUploadResponse>(campaignPath(campaignId, '/assets'), {
    method: 'POST',
    body,
    signal,
  });
}
