import type { CampaignBody, CampaignDetail } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { useCampaignMutation } from '../hooks/use-campaign-mutation';
import { campaignsPath } from '../../../lib/campaign-api-paths';

export function createCampaign(body: CampaignBody): Promise<CampaignDetail> {
  return apiFetch<CampaignDetail>(campaignsPath(), { method: 'POST', body });
}

export function useCreateCampaign() {
  return useCampaignMutation(createCampaign);
}
