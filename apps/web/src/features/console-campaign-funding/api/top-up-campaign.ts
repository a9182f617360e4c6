import type { CampaignFunding, ProviderFundingBody } from '@platform/shared';
import { campaignPath } from '../../../lib/campaign-api-paths';
import { idempotentWrite } from '../../../lib/idempotent-write';
import { useFundingMutation } from '../hooks/use-funding-mutation';

/** Tops the campaign's budget up through the payments provider; a retry after a lost answer is not charged twice. */
export function topUpCampaign(campaignId: string, body: ProviderFundingBody): Promise<CampaignFunding> {
  return idempotentWrite<CampaignFunding>(campaignPath(campaignId, '/fundings/top-up'), {
    method: 'POST',
    body,
  });
}

export function useTopUpCampaign(campaignId: string, onFunded: () => void) {
  return useFundingMutation(
    campaignId,
    (body: ProviderFundingBody) => topUpCampaign(campaignId, body),
    onFunded,
  );
}
