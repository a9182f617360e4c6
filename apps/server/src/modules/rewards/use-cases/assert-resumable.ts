import { FUNDING_MESSAGES, reservableOf } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { errors } from '../../../errors';
import type { RewardsContext } from '../rewards.context';

/**
 * In the transaction that resumes a paused campaign: a pay-per-view campaign with nothing left of its
 * funded budget to reserve stays paused until it is topped up, whoever paused it and whenever the money
 * ran out (ADR 038). Live again, it would take entries that could earn nothing.
 */
export async function assertResumable(
  context: RewardsContext,
  tx: Executor,
  campaignId: string,
): Promise<void> {
  const terms = await context.campaignsService.lockRewardTerms(tx, campaignId);
  if (!terms || terms.reward.type !== 'PAY_PER_VIEW') return;
  const committed = await context.paymentsService.committedOf(campaignId, tx);
  if (committed >= reservableOf(terms.budget, terms.fundedMinor)) {
    throw errors.conflict(FUNDING_MESSAGES.resumeNeedsTopUp);
  }
}
