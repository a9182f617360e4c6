import type { CampaignBody, CampaignDetail } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { useCampaignMutation } from '../hooks/use-campaign-mutation';
import { campaignPath } from '../../../lib/campaign-api-paths';

export function updateCampaign({ id, body }: { id: string; body: CampaignBody }): Promise<CampaignDetail> {
  return apiFetch<CampaignDetail>(campaignPath(id), { method: 'PUT', body });
}

export function useUpdateCampaign() {
  return useCampaignMutation(updateCampaign, ({ id }) => id);
}
