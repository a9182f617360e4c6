import type { CampaignFunding, TransferFundingBody } from '@platform/shared';
import { campaignPath } from '../../../lib/campaign-api-paths';
import { idempotentWrite } from '../../../lib/idempotent-write';
import { useFundingMutation } from '../hooks/use-funding-mutation';

/**
 * Records a bank transfer an Admin saw arrive for the campaign's budget. It carries a key of its own, so
 * that a retry after a lost answer does not record the money twice.
 */
export function recordTransfer(campaignId: string, body: TransferFundingBody): Promise<CampaignFunding> {
  return idempotentWrite<CampaignFunding>(campaignPath(campaignId, '/fundings/transfer'), {
    method: 'POST',
    body,
  });
}

export function useRecordTransfer(campaignId: string, onFunded: () => void) {
  return useFundingMutation(
    campaignId,
    (body: TransferFundingBody) => recordTransfer(campaignId, body),
    onFunded,
  );
}
