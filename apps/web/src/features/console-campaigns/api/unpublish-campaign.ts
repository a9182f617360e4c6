import type { CampaignDetail } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { useCampaignMutation } from '../hooks/use-campaign-mutation';
import { campaignPath } from '../../../lib/campaign-api-paths';

/** Takes a published or live campaign down (to UNPUBLISH). */
export function unpublishCampaign(id: string): Promise<CampaignDetail> {
  return apiFetch<CampaignDetail>(campaignPath(id, '/unpublish'), { method: 'POST' });
}

export function useUnpublishCampaign() {
  return useCampaignMutation(unpublishCampaign, (id) => id);
}
