import type { CreatorCampaignCard } from '@platform/shared';
import type { CreatorCampaignsContext } from './creator-campaigns.context';

/**
 * A campaign's facts as the creator reads them: what is left of its budget to win (what its rewards may
 * reserve, less what they have, never below nothing) in place of what it may reserve at all (ADR 038).
 * Slots and prizes may pay less than the budget; what they cannot pay is not there to win.
 */
export async function withBudgetLeft<
  T extends { id: string; reservableMinor: number; maxPayout: CreatorCampaignCard['maxPayout'] },
>(
  context: CreatorCampaignsContext,
  facts: T,
): Promise<Omit<T, 'reservableMinor'> & { budgetLeft: CreatorCampaignCard['budgetLeft'] }> {
  const { reservableMinor, ...rest } = facts;
  const committed = await context.paymentsService.committedOf(facts.id);
  return {
    ...rest,
    budgetLeft: {
      amount: Math.max(Math.min(reservableMinor, facts.maxPayout.amount) - committed, 0),
      currency: facts.maxPayout.currency,
    },
  };
}
