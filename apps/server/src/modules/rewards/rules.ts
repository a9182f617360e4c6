import { reservableOf, sprintPeriods, type RewardBasis } from '@platform/shared';
import type { RewardTerms } from '../campaigns/campaigns.service';
import type { ClosedBoardPlace } from '../metrics/metrics.service';

/** One board that closes: a TOP_PRIZES campaign's (period 0) or a SPRINT period's. */
export type Closure = {
  period: number;
  closesAt: Date;
  submittedFrom?: Date;
  submittedBefore?: Date;
  prizes: readonly number[];
};

/**
 * How many FIRST_COME_FIRST_SERVE slots the budget can pay: never more than it holds, nor than the money
 * received for it (ADR 038), whatever `slots` says.
 */
export function slotCapacity(terms: Pick<RewardTerms, 'budget' | 'fundedMinor' | 'reward'>): number {
  if (terms.reward.type !== 'FIRST_COME_FIRST_SERVE' || terms.reward.amountPerEntry <= 0) return 0;
  const reservable = reservableOf(terms.budget, terms.fundedMinor);
  return Math.min(terms.reward.slots, Math.floor(reservable / terms.reward.amountPerEntry));
}

/** The place a prize was won at, with the figures it was ranked by, for the creator to read. */
export function rankBasis(place: ClosedBoardPlace, entries: number, closedAt: Date): RewardBasis {
  return {
    kind: 'RANK',
    rank: place.rank,
    ranked: entries,
    views: place.views,
    likes: place.likes,
    comments: place.comments,
    shares: place.shares,
    readAt: place.readAt?.toISOString() ?? null,
    source: place.source,
    closedAt: closedAt.toISOString(),
  };
}

/** The boards of a prize campaign that have closed by `closedBy`: its one board, or its SPRINT periods'. */
export function closuresBy(
  campaign: Pick<RewardTerms, 'reward'> & { startsAt: Date; endsAt: Date },
  closedBy: Date,
): Closure[] {
  const { reward } = campaign;
  if (reward.type === 'TOP_PRIZES') {
    return campaign.endsAt <= closedBy
      ? [{ period: 0, closesAt: campaign.endsAt, prizes: reward.prizes }]
      : [];
  }
  if (reward.type !== 'SPRINT') return [];
  return sprintPeriods(campaign.startsAt, campaign.endsAt, reward.periodDays).flatMap((period, index) =>
    period.endsAt <= closedBy
      ? [
          {
            period: index + 1,
            closesAt: period.endsAt,
            submittedFrom: period.startsAt,
            submittedBefore: period.endsAt,
            prizes: reward.prizes,
          },
        ]
      : [],
  );
}
