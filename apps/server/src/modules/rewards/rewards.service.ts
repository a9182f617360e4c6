import { bindUseCases } from '../use-cases';
import { rewardsContext, type RewardsDependencies } from './rewards.context';
import { accruePayPerView } from './use-cases/accrue-pay-per-view';
import { assertResumable } from './use-cases/assert-resumable';
import { campaignBudget } from './use-cases/campaign-budget';
import { rewardReviewedEntry } from './use-cases/reward-reviewed-entry';
import { settleClosedBoards } from './use-cases/settle-closed-boards';

export type { ClosedBoards, RewardsDependencies } from './rewards.context';
export { closuresBy, slotCapacity } from './rules';
export type { SettlementSummary } from './use-cases/settle-closed-boards';
export type { PayPerViewSummary } from './use-cases/accrue-pay-per-view';

/**
 * What entries win (DESIGN §8, ADR 023): a FIRST_COME_FIRST_SERVE slot taken when an entry is approved,
 * under the campaign's row lock, while the budget and the slots allow, and given back when the entry is
 * archived before its payment is approved; TOP_PRIZES and SPRINT prizes given by rank once a board closes;
 * PAY_PER_VIEW earnings reserved as entries' figures are validated, in that order (ADR 038).
 * What is won is booked by the payments module, whose ledger says what the campaign has committed.
 */
export function createRewardsService(dependencies: RewardsDependencies) {
  return bindUseCases(rewardsContext(dependencies), {
    entryReviewed: rewardReviewedEntry,
    settleClosedBoards,
    accruePayPerView,
    assertResumable,
    budgetOf: campaignBudget,
  });
}

export type RewardsService = ReturnType<typeof createRewardsService>;
