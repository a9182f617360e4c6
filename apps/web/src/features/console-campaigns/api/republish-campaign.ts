import type { CampaignDetail } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { useCampaignMutation } from '../hooks/use-campaign-mutation';
import { campaignPath } from '../../../lib/campaign-api-paths';

/** Puts an unpublished campaign back up (UNPUBLISH to PUBLISHED). */
export function republishCampaign(id: string): Promise<CampaignDetail> {
  return apiFetch<CampaignDetail>(campaignPath(id, '/republish'), { method: 'POST' });
}

export function useRepublishCampaign() {
  return useCampaignMutation(republishCampaign, (id) => id);
}
