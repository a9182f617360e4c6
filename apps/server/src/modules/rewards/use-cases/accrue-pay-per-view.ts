import {
  campaignStatusAllows,
  payPerViewEarning,
  reservableOf,
  type PayPerViewReward,
  type RewardBasis,
} from '@platform/shared';
import type { Executor } from '../../../db/client';
import type { RewardTerms } from '../../campaigns/campaigns.service';
import type { ValidatedFigure } from '../../metrics/metrics.service';
import type { RewardsContext } from '../rewards.context';
import { alertBudgetThresholds } from './budget-alerts';

/** What one run of the pay-per-view accrual did. */
export type PayPerViewSummary = { campaigns: number; reserved: number; amountMinor: number; paused: number };

type Cut = Extract<RewardBasis, { kind: 'VIEWS' }>['cappedBy'];
type CampaignRun = { reserved: number; amountMinor: number; paused: boolean };

/** What the rate pays for `views`, before any cap: nothing under the minimum. */
const earnedAtRate = (reward: PayPerViewReward, views: number) =>
  payPerViewEarning({ ...reward, capPerEntry: Number.MAX_SAFE_INTEGER }, views);

/** What active VIEWS rewards each creator holds of the campaign, against their cap. */
function heldByCreator(rows: readonly { creatorId: string; amountMinor: number; status: string }[]) {
  const held = new Map<string, number>();
  for (const row of rows) {
    if (row.status === 'ACTIVE') held.set(row.creatorId, (held.get(row.creatorId) ?? 0) + row.amountMinor);
  }
  return held;
}

/**
 * The campaign's entries that may earn now, read before its transaction (on the embedded database one
 * connection serves both): validated, not reserved yet, earning something at the rate, of a creator below
 * their cap, not held. A campaign whose reservable is all reserved is not read at all, nor is an entry
 * already reserved; what earns nothing (under the minimum, a creator at the cap) is recorded nowhere and
 * filtered here, each run, until its figure or the creator's cap changes.
 */
async function candidatesOf(
  context: RewardsContext,
  campaignId: string,
): Promise<ValidatedFigure[] | 'spent'> {
  const terms = await context.campaignsService.rewardTerms(campaignId);
  if (!terms || terms.reward.type !== 'PAY_PER_VIEW') return [];
  const reward = terms.reward;
  const committed = await context.paymentsService.committedOf(campaignId);
  if (committed >= reservableOf(terms.budget, terms.fundedMinor))
    return terms.status === 'LIVE' ? 'spent' : [];
  const rewarded = await context.paymentsService.viewsRewardsOf(campaignId);
  const held = heldByCreator(rewarded);
  const figures = await context.metricsService.validatedFiguresOf(
    campaignId,
    new Set(rewarded.map((row) => row.entryId)),
  );
  const earning = figures.filter(
    (figure) =>
      (held.get(figure.creatorId) ?? 0) < reward.capPerCreator && payPerViewEarning(reward, figure.views) > 0,
  );
  const holds = await context.holds.heldAmong(earning.map((figure) => figure.entryId));
  return earning.filter((figure) => !holds.has(figure.entryId));
}

/** The least of the entry's earning, the creator's cap left and the budget left, and what cut it. */
function shareOf(
  reward: PayPerViewReward,
  views: number,
  limits: { creatorLeft: number; budgetLeft: number },
): { amount: number; earned: number; cappedBy: Cut } {
  const earned = earnedAtRate(reward, views);
  const amount = Math.max(Math.min(earned, reward.capPerEntry, limits.creatorLeft, limits.budgetLeft), 0);
  if (amount >= earned) return { amount, earned, cappedBy: null };
  // The entry's own cap first: a budget or a creator's cap left at that very sum did not cut it further.
  if (amount === reward.capPerEntry) return { amount, earned, cappedBy: 'ENTRY_CAP' };
  return { amount, earned, cappedBy: amount === limits.creatorLeft ? 'CREATOR_CAP' : 'BUDGET' };
}

/** Reserves the candidates' earnings in order under the campaign's lock, within the funded budget. */
async function reserveInOrder(
  context: RewardsContext,
  tx: Executor,
  terms: RewardTerms & { reward: PayPerViewReward },
  candidates: readonly ValidatedFigure[],
): Promise<CampaignRun> {
  const run: CampaignRun = { reserved: 0, amountMinor: 0, paused: false };
  const reservable = reservableOf(terms.budget, terms.fundedMinor);
  let committed = await context.paymentsService.committedOf(terms.id, tx);
  // Read again under the lock: another worker may have reserved some of these since they were read.
  const rewarded = await context.paymentsService.viewsRewardsOf(terms.id, tx);
  const done = new Set(rewarded.map((row) => row.entryId));
  const held = heldByCreator(rewarded);
  let order = rewarded.length;
  for (const figure of candidates) {
    if (committed >= reservable) break;
    if (done.has(figure.entryId)) continue;
    const share = shareOf(terms.reward, figure.views, {
      creatorLeft: terms.reward.capPerCreator - (held.get(figure.creatorId) ?? 0),
      budgetLeft: reservable - committed,
    });
    if (share.amount <= 0) continue;
    order += 1;
    await context.paymentsService.awardReward(tx, {
      entry: { id: figure.entryId, campaignId: terms.id, creatorId: figure.creatorId },
      rule: 'VIEWS',
      rank: null,
      period: null,
      amountMinor: share.amount,
      currency: terms.currency,
      basis: {
        kind: 'VIEWS',
        views: figure.views,
        ratePerThousand: terms.reward.ratePerThousand,
        earnedMinor: share.earned,
        cappedBy: share.cappedBy,
        validatedAt: figure.validatedAt.toISOString(),
        order,
      },
    });
    committed += share.amount;
    held.set(figure.creatorId, (held.get(figure.creatorId) ?? 0) + share.amount);
    run.reserved += 1;
    run.amountMinor += share.amount;
  }
  if (run.reserved === 0) return run;
  await alertBudgetThresholds(context, tx, terms, committed);
  if (committed >= reservable) run.paused = await context.campaignsService.pauseForSpentBudget(tx, terms.id);
  return run;
}

const isAccruing = (terms: RewardTerms): terms is RewardTerms & { reward: PayPerViewReward } =>
  terms.reward.type === 'PAY_PER_VIEW' &&
  (campaignStatusAllows(terms.status, 'readsFigures') || terms.status === 'ENDED');

/**
 * The pay-per-view accrual (ADR 038), each minute in worker processes: every pay-per-view campaign reading
 * figures or ended reserves, in one transaction under its row lock, the earnings of its entries validated
 * and not yet reserved, in the order they were validated, each the least of its earning, its creator's cap
 * left and the budget left (never beyond what is funded). The entry meeting the end of the budget takes
 * what is left, and the reservation that spends it pauses a live campaign. Safe to run twice, or in two
 * workers at once: the lock serialises them, and an entry is reserved once (`rewards_views_entry_idx`).
 */
export async function accruePayPerView(context: RewardsContext): Promise<PayPerViewSummary> {
  const summary: PayPerViewSummary = { campaigns: 0, reserved: 0, amountMinor: 0, paused: 0 };
  for (const campaignId of await context.repository.payPerViewCampaignIds(context.db)) {
    const candidates = await candidatesOf(context, campaignId);
    if (candidates === 'spent') {
      // Live with nothing left to reserve (its budget cut below what it reserved, say): it takes no more.
      const paused = await context.db.transaction((tx) =>
        context.campaignsService.pauseForSpentBudget(tx, campaignId),
      );
      if (paused) summary.paused += 1;
      continue;
    }
    if (candidates.length === 0) continue;
    const run = await context.db.transaction(async (tx) => {
      const terms = await context.campaignsService.lockRewardTerms(tx, campaignId);
      return terms && isAccruing(terms) ? reserveInOrder(context, tx, terms, candidates) : null;
    });
    if (!run) continue;
    summary.campaigns += 1;
    summary.reserved += run.reserved;
    summary.amountMinor += run.amountMinor;
    if (run.paused) summary.paused += 1;
  }
  return summary;
}
