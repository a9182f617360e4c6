import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  FUNDING_MESSAGES,
  type CampaignFunding,
  type ProviderFundingBody,
} from '@platform/shared';
import { FundingRejected, FundingUnavailable, type TopUp } from '../../../adapters/funding/funding-provider';
import { AppError, errors } from '../../../errors';
import { actorOf, findInScope, lockInScope, type CampaignsCaller } from '../campaign-access';
import {
  afterMoneyReceived,
  assertFundable,
  recordFunding,
  startIfDue,
  toFunding,
} from '../campaign-fundings';
import { fundingsRepository } from '../campaign-fundings.repository';
import type { CampaignsContext } from '../campaigns.context';

/**
 * A top-up of a campaign's budget through the payments provider (ADR 038): recorded SUCCEEDED or PENDING
 * as the provider answers, and not at all when it refused or could not be reached. The provider is asked
 * outside the campaign's row lock (a slow answer holds nothing up); its idempotency key is the funding's id.
 */
export async function topUpCampaign(
  context: CampaignsContext,
  caller: CampaignsCaller,
  id: string,
  body: ProviderFundingBody,
): Promise<CampaignFunding> {
  const campaign = await findInScope(context.db, caller, id);
  const { funding: provider } = context;
  if (!provider) throw errors.conflict(FUNDING_MESSAGES.providerMissing);
  assertFundable(campaign);
  const fundingId = randomUUID();
  let topUp: TopUp;
  try {
    topUp = await provider.topUp(
      {
        fundingId,
        campaignId: campaign.id,
        amountMinor: body.amountMinor,
        currency: campaign.currency,
        description: `Budget of the campaign ${campaign.name}`,
      },
      `funding:${fundingId}`,
    );
  } catch (error) {
    if (error instanceof FundingRejected) {
      throw new AppError(422, ERROR_CODES.validationFailed, FUNDING_MESSAGES.providerRefused(error.message));
    }
    if (error instanceof FundingUnavailable) {
      throw new AppError(503, ERROR_CODES.serviceUnavailable, FUNDING_MESSAGES.providerUnavailable);
    }
    throw error;
  }
  const startDue = await context.db.transaction(async (tx) => {
    // Taken now, the money is recorded even should the campaign have ended meanwhile: it was received.
    const row = await lockInScope(tx, caller, id);
    const actor = actorOf(caller);
    await recordFunding(context, tx, row, actor, {
      id: fundingId,
      amountMinor: body.amountMinor,
      method: 'PROVIDER_TOP_UP',
      status: topUp.status,
      reference: topUp.reference,
      failure: topUp.failure,
      settledAt: topUp.status === 'PENDING' ? null : context.clock.now(),
    });
    return topUp.status === 'SUCCEEDED' && (await afterMoneyReceived(context, tx, row, actor));
  });
  await startIfDue(context, id, startDue);
  const funding = await fundingsRepository.findById(context.db, fundingId);
  if (!funding) throw errors.notFound();
  return toFunding(funding);
}
