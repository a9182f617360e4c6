import { sprintPeriods } from '@platform/shared';
import { boardRepository, type BoardRow } from '../board.repository';
import type { MetricsContext } from '../metrics.context';
import { figuresOf } from '../readings';

/** A place that wins a prize on a closed board. */
export type ClosedBoardPlace = Pick<
  BoardRow,
  'entryId' | 'creatorId' | 'views' | 'likes' | 'comments' | 'shares' | 'source' | 'readAt'
> & { rank: number };

/** The kept board a closure names (ADR 039): a sprint's period by its start, else the campaign's. */
async function boardNumberOf(context: MetricsContext, campaignId: string, submittedFrom?: Date) {
  if (!submittedFrom) return 0;
  const campaign = await context.campaignsService.campaignFactsById(campaignId);
  const periods =
    campaign?.reward.type === 'SPRINT'
      ? sprintPeriods(campaign.startsAt, campaign.endsAt, campaign.reward.periodDays)
      : [];
  const index = periods.findIndex((period) => period.startsAt.getTime() === submittedFrom.getTime());
  if (index === -1)
    throw new Error(`campaign ${campaignId} has no period starting ${submittedFrom.toISOString()}`);
  return index + 1;
}

/**
 * A closed board's winners, for the prize settlement: its first `places` ranked entries (one without
 * views to rank by wins nothing) with the figures they were ranked by, and how many entries it held;
 * whether it is final (every figure on it validated, ADR 037) and every entry it ranks, so that the
 * settlement can wait for those held.
 */
export async function closedBoard(
  context: MetricsContext,
  campaignId: string,
  closure: { closesAt: Date; lockDays: number; submittedFrom?: Date; submittedBefore?: Date },
  places: number,
): Promise<{ entries: number; winners: ClosedBoardPlace[]; final: boolean; entryIds: string[] }> {
  const key = {
    campaignId,
    board: await boardNumberOf(context, campaignId, closure.submittedFrom),
    closesAt: closure.closesAt,
    lockDays: closure.lockDays,
  };
  // Every entry, as rows: the settlement waits while any of them is held.
  const board = {
    ...(await boardRepository.summary(context.db, key)),
    rows: await boardRepository.top(context.db, key, Number.MAX_SAFE_INTEGER),
  };
  const now = context.clock.now();
  return {
    entries: board.total,
    final: now >= closure.closesAt && (board.validatedBy === null || now >= board.validatedBy),
    entryIds: board.rows.map((row) => row.entryId),
    winners: board.rows.flatMap((row) =>
      row.rank === null || row.rank > places
        ? []
        : [
            {
              rank: row.rank,
              entryId: row.entryId,
              creatorId: row.creatorId,
              ...figuresOf(row),
              source: row.source,
              readAt: row.readAt,
            },
          ],
    ),
  };
}
