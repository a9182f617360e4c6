import type { CampaignDetail, CampaignRejectBody } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { useCampaignMutation } from '../hooks/use-campaign-mutation';
import { campaignPath } from '../../../lib/campaign-api-paths';

/** Sends a campaign waiting for review back to its marketer, with the reason they will read. */
export function rejectCampaign({
  id,
  body,
}: {
  id: string;
  body: CampaignRejectBody;
}): Promise<CampaignDetail> {
  return apiFetch<CampaignDetail>(campaignPath(id, '/reject'), { method: 'POST', body });
}

export function useRejectCampaign() {
  return useCampaignMutation(rejectCampaign, ({ id }) => id);
}
