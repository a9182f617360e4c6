import { fundingStateOf, payPerViewReach, reservableOf, type CampaignBudget } from '@platform/shared';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import { pacingOf } from '../pacing';
import type { RewardsContext } from '../rewards.context';
import { slotCapacity } from '../rules';

/**
 * A campaign's budget, the money received for it, what its rewards have committed (sums of the ledger),
 * what is left to reserve within the funded budget, and how fast it goes (ADR 038).
 */
export async function campaignBudget(
  context: RewardsContext,
  caller: StaffCaller,
  campaignId: string,
): Promise<CampaignBudget> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  const terms = await context.campaignsService.rewardTerms(campaign.id);
  if (!terms) throw errors.notFound();
  const funding = await context.campaignsService.fundingOf(campaign.id);
  const committed = await context.paymentsService.committedOf(campaign.id);
  const taken = await context.paymentsService.slotsTaken(campaign.id);
  const totals = await context.paymentsService.paymentTotalsOf(campaign.id);
  const left = reservableOf(terms.budget, funding.succeededMinor) - committed;
  const pacing = await pacingOf(context, terms, committed, left);
  return {
    campaignId: campaign.id,
    currency: terms.currency,
    budgetMinor: terms.budget,
    fundedMinor: funding.succeededMinor,
    pendingFundingMinor: funding.pendingMinor,
    fundingState: fundingStateOf(terms.budget, funding.succeededMinor),
    committedMinor: committed,
    // A payout that failed is still the creator's until staff withdraw it: approved, not paid.
    approvedMinor: (totals.get('APPROVED') ?? 0) + (totals.get('FAILED') ?? 0),
    paidMinor: totals.get('PAID') ?? 0,
    leftMinor: left,
    slots:
      terms.reward.type === 'FIRST_COME_FIRST_SERVE'
        ? { taken, left: Math.max(slotCapacity(terms) - taken, 0) }
        : null,
    payPerView:
      terms.reward.type === 'PAY_PER_VIEW'
        ? {
            budget: payPerViewReach(terms.reward, terms.budget),
            left: payPerViewReach(terms.reward, Math.max(left, 0)),
          }
        : null,
    pacing: { ...pacing, alertsSent: await context.repository.budgetAlertsOf(context.db, campaign.id) },
  };
}
