import type { CampaignFunding, TransferFundingBody } from '@platform/shared';
import { errors } from '../../../errors';
import { actorOf, lockInScope, type CampaignsCaller } from '../campaign-access';
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
 * A bank transfer an Admin saw arrive for a campaign's budget (ADR 038): SUCCEEDED at once. A campaign
 * it funds past its start goes live in the same request.
 */
export async function recordTransfer(
  context: CampaignsContext,
  caller: CampaignsCaller,
  id: string,
  body: TransferFundingBody,
): Promise<CampaignFunding> {
  const now = context.clock.now();
  const [fundingId, startDue] = await context.db.transaction(async (tx) => {
    const row = await lockInScope(tx, caller, id);
    assertFundable(row);
    const actor = actorOf(caller);
    const recorded = await recordFunding(context, tx, row, actor, {
      amountMinor: body.amountMinor,
      method: 'TRANSFER',
      status: 'SUCCEEDED',
      reference: body.reference,
      failure: null,
      settledAt: now,
    });
    return [recorded, await afterMoneyReceived(context, tx, row, actor)] as const;
  });
  await startIfDue(context, id, startDue);
  const funding = await fundingsRepository.findById(context.db, fundingId);
  if (!funding) throw errors.notFound();
  return toFunding(funding);
}
