import type { CampaignDetail } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { useCampaignMutation } from '../hooks/use-campaign-mutation';
import { campaignPath } from '../../../lib/campaign-api-paths';

/** Opens a paused campaign to joins and entries again (PAUSED to LIVE); refused while its budget is spent. */
export function resumeCampaign(id: string): Promise<CampaignDetail> {
  return apiFetch<CampaignDetail>(campaignPath(id, '/resume'), { method: 'POST' });
}

export function useResumeCampaign() {
  return useCampaignMutation(resumeCampaign, (id) => id);
}
