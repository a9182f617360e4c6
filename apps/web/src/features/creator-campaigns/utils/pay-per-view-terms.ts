import {
  formatMoney,
  payPerViewEarning,
  payPerViewReach,
  VALIDATION_AFTER_END_HOURS,
  type CampaignValidation,
  type CreatorCampaignCard,
  type PayPerViewReward,
} from '@platform/shared';
import { formatCount } from '../../../lib/metrics-words';

// What a pay-per-view campaign pays and how its budget runs out, in a creator's words (ADR 038).

/** The order the budget pays in, as ADR 038 asks the campaign's rules to say it. */
export const BUDGET_ORDER_RULE =
  'When the budget runs out, entries are paid in the order their views were validated; the entry that meets the end of the budget gets what is left, and later ones get nothing unless the budget is topped up.';

/** Views the worked example counts, unless the minimum asks for more. */
const EXAMPLE_VIEWS = 10_000;

/** What the rate pays, for a card: '£3.00 per 1,000 views'. */
export const rateText = (ratePerThousand: number, currency: string) =>
  `${formatMoney(ratePerThousand, currency)} per 1,000 views`;

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** How much of the budget is left to win, against the whole; the share never leaves 0–100. */
export type BudgetLeft = { text: string; percent: number; spent: boolean };

/**
 * '£1,200.00 of £2,000.00 left'. The card carries no budget of its own: the most the campaign pays stands
 * for it (a pay-per-view campaign's is its budget), and what is left never reads as more than that.
 */
export function budgetLeftOf({
  budgetLeft,
  maxPayout,
}: Pick<CreatorCampaignCard, 'budgetLeft' | 'maxPayout'>): BudgetLeft {
  const whole = Math.max(maxPayout.amount, 0);
  const left = Math.min(Math.max(budgetLeft.amount, 0), whole);
  const percent = whole === 0 ? 0 : Math.round((left / whole) * 100);
  return {
    text: `${formatMoney(left, budgetLeft.currency)} of ${formatMoney(whole, maxPayout.currency)} left`,
    percent,
    spent: left === 0,
  };
}

/** 'For example, 10,000 validated views earn £30.00.', saying so when the entry's cap cut it. */
function workedExample(reward: PayPerViewReward, currency: string): string {
  const views = Math.max(EXAMPLE_VIEWS, reward.minimumViews);
  const earned = payPerViewEarning(reward, views);
  const uncapped = Math.floor((views * reward.ratePerThousand) / 1000);
  const capped = earned < uncapped ? ', the most one entry earns' : '';
  return `For example, ${formatCount(views)} validated views earn ${formatMoney(earned, currency)}${capped}.`;
}

/**
 * The full terms of a pay-per-view campaign, one sentence a line: the minimum, the caps, a worked
 * example, that only validated views earn and when they are validated, and the order the budget pays in.
 */
export function payPerViewDetails(
  reward: PayPerViewReward,
  {
    currency,
    budget,
    validation,
  }: { currency: string; budget: number; validation: Pick<CampaignValidation, 'lockDays'> },
): string[] {
  const money = (amount: number) => formatMoney(amount, currency);
  const reach = payPerViewReach(reward, budget);
  const atCap = reach ? ` (${formatCount(reach.viewsToEntryCap)} views reach it)` : '';
  const lines = [
    reward.minimumViews > 0
      ? `An entry earns nothing until it has ${formatCount(reward.minimumViews)} validated views; from then on, all its views count.`
      : 'Every validated view counts, from the first.',
    `Each entry earns at most ${money(reward.capPerEntry)}${atCap}, and each creator at most ${money(reward.capPerCreator)} over all their entries.`,
    workedExample(reward, currency),
    `Only validated views earn: an entry’s views are validated ${days(validation.lockDays)} after you enter it, or ${VALIDATION_AFTER_END_HOURS} hours after the campaign ends if that comes first, less any views the campaign team excludes.`,
    `The budget is ${money(budget)} in all. ${BUDGET_ORDER_RULE}`,
  ];
  return lines;
}
