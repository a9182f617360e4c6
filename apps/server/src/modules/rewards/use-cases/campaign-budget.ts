import type { CampaignBudget } from '@platform/shared';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import type { RewardsContext } from '../rewards.context';
import { slotCapacity } from '../rules';

/** A campaign's budget and what its rewards have committed: sums of the ledger. */
export async function campaignBudget(
  context: RewardsContext,
  caller: StaffCaller,
  campaignId: string,
): Promise<CampaignBudget> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  const terms = await context.campaignsService.rewardTerms(campaign.id);
  if (!terms) throw errors.notFound();
  const committed = await context.paymentsService.committedOf(campaign.id);
  const taken = await context.paymentsService.slotsTaken(campaign.id);
  const totals = await context.paymentsService.paymentTotalsOf(campaign.id);
  return {
    campaignId: campaign.id,
    currency: terms.currency,
    budgetMinor: terms.budget,
    committedMinor: committed,
    // A payout that failed is still the creator's until staff withdraw it: approved, not paid.
    approvedMinor: (totals.get('APPROVED') ?? 0) + (totals.get('FAILED') ?? 0),
    paidMinor: totals.get('PAID') ?? 0,
    leftMinor: terms.budget - committed,
    slots:
      terms.reward.type === 'FIRST_COME_FIRST_SERVE'
        ? { taken, left: Math.max(slotCapacity(terms) - taken, 0) }
        : null,
  };
}
