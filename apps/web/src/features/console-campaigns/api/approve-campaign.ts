import type { CampaignDetail } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { useCampaignMutation } from '../hooks/use-campaign-mutation';
import { campaignPath } from '../../../lib/campaign-api-paths';

/** Approves a campaign waiting for review (PENDING to PUBLISHED). */
export function approveCampaign(id: string): Promise<CampaignDetail> {
  return apiFetch<CampaignDetail>(campaignPath(id, '/approve'), { method: 'POST' });
}

export function useApproveCampaign() {
  return useCampaignMutation(approveCampaign, (id) => id);
}
