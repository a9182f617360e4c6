import type { CampaignDetail } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { useCampaignMutation } from '../hooks/use-campaign-mutation';
import { campaignPath } from '../../../lib/campaign-api-paths';

/** Sends a draft for review (DRAFT to PENDING). */
export function submitCampaign(id: string): Promise<CampaignDetail> {
  return apiFetch<CampaignDetail>(campaignPath(id, '/submit'), { method: 'POST' });
}

export function useSubmitCampaign() {
  return useCampaignMutation(submitCampaign, (id) => id);
}
