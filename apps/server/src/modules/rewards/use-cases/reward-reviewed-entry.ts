import type { Executor } from '../../../db/client';
import type { EntryReviewed } from '../../entries/entries.service';
import type { RewardsContext } from '../rewards.context';
import { slotCapacity } from '../rules';
import { alertBudgetThresholds } from './budget-alerts';

/**
 * In the transaction that approves an entry: a FIRST_COME_FIRST_SERVE campaign gives it a slot while its
 * budget, the money received for it (ADR 038) and its slots allow; the managers hear of each share of the
 * budget it reaches. Prizes (TOP_PRIZES, SPRINT) are won by rank when the leaderboard closes, not here.
 */
async function claimSlot(context: RewardsContext, tx: Executor, entry: EntryReviewed['entry']) {
  const terms = await context.campaignsService.lockRewardTerms(tx, entry.campaignId);
  if (!terms || terms.reward.type !== 'FIRST_COME_FIRST_SERVE') return;
  const taken = await context.paymentsService.slotsTaken(terms.id, tx);
  const slots = slotCapacity(terms);
  if (taken >= slots) return;
  await context.paymentsService.awardReward(tx, {
    entry,
    rule: 'SLOT',
    rank: null,
    period: null,
    amountMinor: terms.reward.amountPerEntry,
    currency: terms.currency,
    basis: { kind: 'SLOT', slot: taken + 1, slots },
  });
  const committed = await context.paymentsService.committedOf(terms.id, tx);
  await alertBudgetThresholds(context, tx, terms, committed);
}

/**
 * Rewards follow reviews (ADR 023), in the review's transaction: an entry approved may win a slot, an
 * approved entry archived gives back what it won and nobody approved yet.
 */
export async function rewardReviewedEntry(
  context: RewardsContext,
  tx: Executor,
  reviewed: EntryReviewed,
): Promise<void> {
  if (reviewed.move === 'approve' && reviewed.from === 'SUBMITTED')
    await claimSlot(context, tx, reviewed.entry);
  if (reviewed.move === 'archive' && reviewed.from === 'APPROVED') {
    await context.paymentsService.releaseEntryRewards(tx, reviewed.entry);
  }
}
