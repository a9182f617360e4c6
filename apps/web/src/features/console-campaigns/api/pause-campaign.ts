import type { CampaignDetail, CampaignPauseBody } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { useCampaignMutation } from '../hooks/use-campaign-mutation';
import { campaignPath } from '../../../lib/campaign-api-paths';

/** Stops a live campaign taking joins and entries for now, with the reason creators read (LIVE to PAUSED). */
export function pauseCampaign({
  id,
  body,
}: {
  id: string;
  body: CampaignPauseBody;
}): Promise<CampaignDetail> {
  return apiFetch<CampaignDetail>(campaignPath(id, '/pause'), { method: 'POST', body });
}

export function usePauseCampaign() {
  return useCampaignMutation(pauseCampaign, ({ id }) => id);
}
