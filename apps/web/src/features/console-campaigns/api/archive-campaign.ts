import type { CampaignDetail } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { useCampaignMutation } from '../hooks/use-campaign-mutation';
import { campaignPath } from '../../../lib/campaign-api-paths';

/** Archives a campaign that is neither published nor live. */
export function archiveCampaign(id: string): Promise<CampaignDetail> {
  return apiFetch<CampaignDetail>(campaignPath(id, '/archive'), { method: 'POST' });
}

export function useArchiveCampaign() {
  return useCampaignMutation(archiveCampaign, (id) => id);
}
