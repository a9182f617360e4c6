import type { CampaignDetail } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { useCampaignMutation } from '../hooks/use-campaign-mutation';
import { campaignPath } from '../../../lib/campaign-api-paths';

/** Starts a new draft from a campaign: its fields, territories and files. Answers the new draft. */
export function copyCampaign(id: string): Promise<CampaignDetail> {
  return apiFetch<CampaignDetail>(campaignPath(id, '/copy'), { method: 'POST' });
}

export function useCopyCampaign() {
  return useCampaignMutation(copyCampaign);
}
